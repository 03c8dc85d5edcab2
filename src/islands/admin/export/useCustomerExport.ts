import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { buildCsv, exportFileName } from '../../../lib/admin/customerExport';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../stores/toasts';
import { isUnauthorised } from '../api';
import { collectExportRows } from './collectRows';

/** The busy state shows only when preparing the file takes longer than this. */
export const EXPORT_BUSY_DELAY_MS = 500;

function saveFile(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: let it go a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The header's Export button: every record of every collection as one CSV file. */
export function useCustomerExport(brand: string) {
  const [progress, setProgress] = useState(0);
  const [busyShown, setBusyShown] = useState(false);

  const run = useMutation({
    mutationFn: async () => {
      setProgress(0);
      const rows = await collectExportRows(setProgress);
      const fileName = exportFileName(brand);
      saveFile(buildCsv(rows), fileName);
      return { records: rows.length, fileName };
    },
    onSuccess: ({ records, fileName }) => {
      toast({
        title: 'Export Complete',
        description: `${formatCount(records)} ${records === 1 ? 'record' : 'records'} saved to ${fileName}.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({
        title: 'Export Failed',
        description: 'Failed to export data. Please try again.',
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (!run.isPending) {
      setBusyShown(false);
      return;
    }
    const timer = window.setTimeout(() => setBusyShown(true), EXPORT_BUSY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [run.isPending]);

  return { start: () => run.mutate(), running: run.isPending, busyShown, progress };
}
