export interface LoadOutcome {
  at: number;
  startedAt: number;
  status: number;
  error?: string;
}
export function loadDuring(
  url: string,
  options: {
    connections?: number;
    durationS?: number;
    faultAfterMs?: number;
    timeoutS?: number;
    fault: () => Promise<void>;
  },
): Promise<{ sent: number; failed: number; faultAt: number; faultDoneAt: number; outcomes: LoadOutcome[] }>;
