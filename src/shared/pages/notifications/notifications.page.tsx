/**
 * `/meldingen`: turn Web Push notifications on or off and choose their topics
 * (src/shared/push/push-client.ts does the browser's part). Permission is asked only when the
 * visitor presses the button. Without JavaScript the page says notifications need it (a push
 * subscription exists only in the browser); the controls are disabled until the page runs.
 *
 * While a change is under way the buttons say so with `aria-disabled` and ignore presses, but stay
 * focusable: a `disabled` button that has focus drops it to the body, and a keyboard user would
 * start again at the top of the page.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushErrorCode } from '../../push/push-client.ts';
import { PUSH_TOPICS, type PushTopic } from '../../push/push-subscription.ts';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { NOTIFICATIONS_PATH } from '../../urls.ts';
import './notifications.css';

type Status = { kind: 'on' | 'off' | 'saved' | 'working' } | { kind: 'error'; code: PushErrorCode };

/** The browser's push code, loaded when this page runs (it is in no other page's script). */
const pushClient = () => import('../../push/push-client.ts');

/** The VAPID public key from the portal, or a PushError `off`. */
async function publicKey(): Promise<string> {
  const { PushError } = await pushClient();
  const response = await fetch('/push/config');
  if (!response.ok) throw new PushError('off');
  return ((await response.json()) as { publicKey: string }).publicKey;
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [ready, setReady] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  const [topics, setTopics] = useState<PushTopic[]>(['all']);
  const [status, setStatus] = useState<Status | null>(null);
  const busy = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const disableButton = useRef<HTMLButtonElement>(null);
  const working = status?.kind === 'working';

  useEffect(() => {
    let active = true;
    void pushClient().then(({ pushSupported, storedPushState }) => {
      if (!active) return;
      if (!pushSupported()) {
        setStatus({ kind: 'error', code: 'unsupported' });
        return;
      }
      const stored = storedPushState();
      if (stored) {
        setSubscribed(true);
        setTopics(stored.topics);
      }
      setStatus({ kind: stored ? 'on' : 'off' });
      setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);

  const toggle = (topic: PushTopic, checked: boolean) => {
    setTopics((current) => {
      const next = checked ? [...new Set([...current, topic])] : current.filter((value) => value !== topic);
      return next.length ? next : ['all'];
    });
  };

  /** Runs one change at a time; a press while one is under way does nothing. */
  const run = async (work: () => Promise<Status>) => {
    if (busy.current) return;
    busy.current = true;
    setStatus({ kind: 'working' });
    try {
      setStatus(await work());
    } catch (error) {
      const { PushError } = await pushClient();
      setStatus({ kind: 'error', code: error instanceof PushError ? error.code : 'subscribe-failed' });
    } finally {
      busy.current = false;
    }
  };

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { ensurePushPermission, PushError, pushToken, refreshPush, registerPush } = await pushClient();
      await ensurePushPermission();
      const subscription = await pushToken(await publicKey());
      if (!subscription) throw new PushError('service-worker-failed');
      if (subscribed) await refreshPush(subscription, topics, locale);
      else await registerPush(subscription, topics, locale);
      const wasOn = subscribed;
      setSubscribed(true);
      return { kind: wasOn ? 'saved' : 'on' };
    });
  };

  const disable = () => {
    void run(async () => {
      const { unregisterPush } = await pushClient();
      const registration = await navigator.serviceWorker.getRegistration();
      await unregisterPush((await registration?.pushManager.getSubscription()) ?? null);
      // This button goes away with the subscription: its focus moves to the one that stays.
      if (document.activeElement === disableButton.current) submitButton.current?.focus();
      setSubscribed(false);
      return { kind: 'off' };
    });
  };

  const message =
    status === null
      ? ''
      : status.kind === 'error'
        ? t(`push.errors.${status.code}`)
        : t(`push.status.${status.kind}`);

  return (
    <div className="container notifications">
      <Seo title={t('push.title')} description={t('push.description')} path={NOTIFICATIONS_PATH} />
      <BreadcrumbJsonLd crumbs={[{ name: t('push.title'), path: NOTIFICATIONS_PATH }]} />
      <header className="page-header">
        <h1>{t('push.title')}</h1>
        <p className="page-header__intro">{t('push.intro')}</p>
      </header>
      <noscript>
        <p className="notifications__notice">{t('push.noscript')}</p>
      </noscript>
      <form className="notifications__form" onSubmit={enable}>
        <fieldset disabled={!ready}>
          <legend>{t('push.topicsLegend')}</legend>
          {PUSH_TOPICS.map((topic) => (
            <label key={topic} className="notifications__topic">
              <input
                type="checkbox"
                name="topics"
                value={topic}
                checked={topics.includes(topic)}
                onChange={(event) => toggle(topic, event.currentTarget.checked)}
              />
              {t(`push.topics.${topic}`)}
            </label>
          ))}
        </fieldset>
        <div className="notifications__actions">
          <button
            ref={submitButton}
            type="submit"
            className="button"
            disabled={!ready}
            aria-disabled={working || undefined}
          >
            {subscribed ? t('push.update') : t('push.enable')}
          </button>
          {subscribed ? (
            <button
              ref={disableButton}
              type="button"
              className="button button--secondary"
              onClick={disable}
              disabled={!ready}
              aria-disabled={working || undefined}
            >
              {t('push.disable')}
            </button>
          ) : null}
        </div>
        <p
          className={`notifications__status${status?.kind === 'error' ? ' notifications__status--error' : ''}`}
          role="status"
          data-push-status={status?.kind === 'error' ? status.code : status?.kind}
        >
          {message}
        </p>
      </form>
      <p className="notifications__privacy">{t('push.privacy')}</p>
    </div>
  );
}
