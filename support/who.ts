/** Who did it and why: both required, non-blank, for every support action. */
import { usageError } from './errors.js';

export function whoAndWhy(flags: { by?: string; why?: string }): { by: string; why: string } {
  const by = flags.by?.trim();
  const why = flags.why?.trim();
  if (!by || !why) throw usageError('Every support action needs --by NAME and --why TEXT (who did it and why).');
  return { by, why };
}
