import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../stores/toasts';
import { adminApi, failureMessage, isUnauthorised } from '../api';
import { adminKeys } from '../api/queries';

/** Resend one notification that was not delivered; the list is read again either way (it may have been sent meanwhile). */
export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi.notifications.resend(id),
    onSuccess: (answer) => {
      toast(
        answer.status === 'sent'
          ? { title: 'Notification sent', variant: 'success' }
          : {
              title: 'Notification queued',
              description: 'It is being sent again and retried if it fails.',
              variant: 'success',
            },
      );
    },
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({
        title: 'Resend failed',
        description: failureMessage(error, 'The notification could not be queued. Please try again.'),
        variant: 'destructive',
      });
    },
    // A resent WhatsApp message moves from the undelivered list to the latest messages: both are read again.
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.notifications() }),
  });
}
