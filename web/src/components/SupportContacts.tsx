import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { settings, supportChannels } from '../state/settings';
import { CopyButton } from './CopyButton';

/**
 * The operator's support channels, folded under `label` ("Contact support"), where a status or
 * message sends the seller to support (`open` unfolded, where support is the only way on). Nothing
 * while the configuration is loading.
 */
export function SupportContacts({ label, open = false }: { label: string; open?: boolean }) {
  const { t } = useT();
  const { config } = useSnapshot(settings);
  const channels = supportChannels(config);
  if (channels.length === 0) return null;
  return (
    <details className="support-contacts" data-testid="support-contacts" open={open}>
      <summary>{label}</summary>
      <ul>
        {channels.map((c) => (
          <li key={c.id}>
            <span>{t(`channels.${c.id}`)}: </span>
            {c.href ? (
              <a href={c.href} rel="noopener" dir="ltr">{c.value}</a>
            ) : (
              <>
                <span dir="ltr">{c.value}</span> <CopyButton text={c.value} label={t(`channels.${c.id}`)} />
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
