import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { settings } from '../state/settings';
import { supportChannels } from '../support';
import { CopyButton } from './CopyButton';

/**
 * The operator's support channels, folded under `label` ("Contact support"), where a status or
 * message sends the seller to support. Nothing while the configuration is loading.
 */
export function SupportContacts({ label }: { label: string }) {
  const { t } = useT();
  const { config } = useSnapshot(settings);
  const channels = supportChannels(config);
  if (channels.length === 0) return null;
  return (
    <details className="support-contacts" data-testid="support-contacts">
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
