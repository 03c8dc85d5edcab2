import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../stores/toasts';
import { type BookingStatus, adminApi, failureMessage, isUnauthorised } from '../api';
import { bookingChanged } from '../api/queries';

/** The status dropdown of one card: its toasts, tiles refreshed after each change. */
export function useStatusChange(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: BookingStatus) => adminApi.bookings.setStatus(bookingId, status),
    onSuccess: ({ booking, etag }) => {
      bookingChanged(client, booking, etag);
      toast({ title: 'Status Updated Successfully!', variant: 'success' });
    },
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({
        title: '❌ Update Failed',
        description: failureMessage(error, 'Failed to update booking status. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
