import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentRequest } from '../../../lib/schemas/paymentRequest';
import { cancelPaymentRequest, createPaymentRequest, listPaymentRequests } from '../api/paymentRequests';
import { adminKeys } from '../api/queries';

export const paymentRequestKeys = { list: () => [...adminKeys.all, 'payment-requests'] as const };

/** While a link is open the list is asked again now and then: Razorpay tells the server, not the browser. */
export const OPEN_REQUEST_POLL_MS = 15_000;

export const paymentRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: paymentRequestKeys.list(),
    queryFn: ({ pageParam, signal }) => listPaymentRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'created'))
        ? OPEN_REQUEST_POLL_MS
        : false,
  });

export function useCreatePaymentRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentRequest) => createPaymentRequest(body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: paymentRequestKeys.list() });
      // A request without a booking made one: the bookings list and tiles change.
      void client.invalidateQueries({ queryKey: adminKeys.leads('bookings') });
      void client.invalidateQueries({ queryKey: adminKeys.stats() });
    },
  });
}

export function useCancelPaymentRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelPaymentRequest(id),
    onSettled: () => void client.invalidateQueries({ queryKey: paymentRequestKeys.list() }),
  });
}
