import type { MyDataView } from '../schemas/privacy';

// The download of a person's data (docs/privacy.md, "Rights"): the view as JSON, or as CSV with
// one row per field of each record (pure; the page makes the file in the browser).

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function myDataCsv(view: MyDataView): string {
  const rows = [['kind', 'id', 'created', 'field', 'value', 'kept until', 'why kept']];
  for (const record of view.records)
    for (const [field, value] of Object.entries(record.fields))
      rows.push([
        record.kind,
        record.id,
        record.createdAt,
        field,
        value,
        record.kept?.until ?? '',
        record.kept?.reason ?? '',
      ]);
  for (const consent of view.consents)
    rows.push(['consent', consent.record, consent.at, consent.purpose, consent.words, '', '']);
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const myDataJson = (view: MyDataView): string => `${JSON.stringify(view, null, 2)}\n`;
