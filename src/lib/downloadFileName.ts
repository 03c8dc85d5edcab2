/** The saved file name of a resource: its title with spaces as underscores, plus .pdf. */
export function downloadFileName(title: string): string {
  const base = title
    .trim()
    .replace(/\s+/g, '_')
    // Control characters are what this strips, so the pattern names them.
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '');
  return `${base || 'download'}.pdf`;
}
