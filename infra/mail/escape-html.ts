/** Text made safe inside HTML text and quoted attributes (mail bodies, the mail catcher's page). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
