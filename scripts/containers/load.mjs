/**
 * Load through nginx while a fault happens, for the container test's fault probes
 * (tests/containers/faults.test.ts; issue 26): autocannon with a fixed number of connections for a
 * fixed time, recording every answer and every failed request with the time it ended, so a test can
 * tell failures before, during and after a fault. Plain ESM JavaScript, typed by load.d.mts.
 */
import autocannon from 'autocannon';

/**
 * Runs autocannon against `url` for `durationS` seconds with `connections` connections and calls
 * `fault` once the load has run for `faultAfterMs`.
 * `[<id>]` in `url` becomes a new id for each request (autocannon's `idReplacement`), so that
 * nginx's cache cannot answer for the replicas.
 * A request fails when it gets no answer (reset, refused, timeout after `timeoutS`) or a status
 * outside 200–399.
 * @param {string} url
 * @param {{ connections?: number, durationS?: number, faultAfterMs?: number, timeoutS?: number,
 *   fault: () => Promise<void> }} options defaults: 20 connections, 20 s, fault after 5 s, 10 s timeout
 * @returns {Promise<{ sent: number, failed: number, faultAt: number, faultDoneAt: number,
 *   outcomes: { at: number, startedAt: number, status: number, error?: string }[] }>} times in ms
 *   since the epoch (`startedAt`: `at` less the response time; for a timeout, less the timeout);
 *   status 0 for a request without an answer
 * @throws the fault's error, after the load has ended
 */
export async function loadDuring(url, options) {
  const { connections = 20, durationS = 20, faultAfterMs = 5000, timeoutS = 10 } = options;
  /** @type {{ at: number, startedAt: number, status: number, error?: string }[]} */
  const outcomes = [];
  const instance = autocannon({
    url,
    connections,
    duration: durationS,
    timeout: timeoutS,
    idReplacement: true,
    headers: { 'accept-encoding': 'gzip' },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    const at = Date.now();
    outcomes.push({ at, startedAt: at - responseTime, status: statusCode });
  });
  instance.on('reqError', (error) => {
    const at = Date.now();
    // A timed-out request was sent `timeoutS` before; a reset or refusal ends at once.
    const timedOut = /timed? ?out/i.test(String(error));
    outcomes.push({ at, startedAt: timedOut ? at - timeoutS * 1000 : at, status: 0, error: String(error) });
  });
  const finished = new Promise((resolve) => instance.on('done', resolve));
  let faultAt = 0;
  let faultDoneAt = 0;
  /** @type {unknown} */
  let faultError;
  await new Promise((resolve) => setTimeout(resolve, faultAfterMs));
  faultAt = Date.now();
  try {
    await options.fault();
  } catch (error) {
    faultError = error;
  }
  faultDoneAt = Date.now();
  await finished;
  if (faultError !== undefined) throw faultError;
  const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 399).length;
  return { sent: outcomes.length, failed, faultAt, faultDoneAt, outcomes };
}
