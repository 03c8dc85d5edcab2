// The page Google's redirect lands on (docs/scheduling.md, "Connecting"). The admin's session
// cookie is SameSite=Strict, so a browser does not send it on a navigation that comes from
// Google: the callback cannot know the owner yet. It answers this small page, which moves on
// at once to `/api/admin/calendar/complete` with the same query; that navigation starts on the
// site itself, so the cookie comes, and the state is checked against the session there. Pure.

export const COMPLETE_PATH = '/api/admin/calendar/complete';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page for Google's answer: `code` and `state`, or `error` when the owner said no. */
export function callbackPage(answer: { state: string; code?: string | undefined; error?: string | undefined }): string {
  const query = new URLSearchParams({ state: answer.state });
  if (answer.code) query.set('code', answer.code);
  if (answer.error) query.set('error', answer.error);
  const next = escapeAttribute(`${COMPLETE_PATH}?${query}`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="robots" content="noindex">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="refresh" content="0;url=${next}">`,
    '<title>Connecting Google Calendar</title>',
    '</head>',
    '<body>',
    `<main><p>Connecting your Google Calendar… <a href="${next}">Continue</a></p></main>`,
    '</body>',
    '</html>',
  ].join('\n');
}
