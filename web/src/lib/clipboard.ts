import { t } from '../i18n';
import { toast } from '../state/feedback';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Copies text and tells the seller "Copy successful" or "Copy failed" (in their language). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast(t('copy.ok'), 'success');
    return true;
  } catch {
    toast(t('copy.failed'), 'error');
    return false;
  }
}
