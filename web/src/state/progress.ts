import { proxy } from 'valtio';

/** Work the top progress bar and the loading overlay wait for. */
export const progress = proxy({
  /** Lazy pages and dictionaries being downloaded. */
  pending: 0,
  /** Blocking operations that show the full-page loading overlay. */
  blocking: 0,
});

/** Shows the progress bar while `work` runs. */
export async function track<T>(work: Promise<T>): Promise<T> {
  progress.pending++;
  try {
    return await work;
  } finally {
    progress.pending--;
  }
}

/** Shows the loading overlay (fading in and out in about 400 ms) while `work` runs. */
export async function withOverlay<T>(work: Promise<T>): Promise<T> {
  progress.blocking++;
  try {
    return await work;
  } finally {
    progress.blocking--;
  }
}
