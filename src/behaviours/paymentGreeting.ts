import { REDIRECT_AFTER_PAYMENT_MS, messages } from '../islands/package-booking/messages';
import { toast } from '../stores/toasts';
import { behaviour } from './behaviour';

interface Props {
  /** The home page stays and tidies its address; a checkout page returns home. */
  afterwards: 'tidy-address' | 'go-home';
}

/** A buyer returning with ?payment=success is greeted once. */
export default behaviour<Props>(({ afterwards }) => {
  const url = new URL(window.location.href);
  if (url.searchParams.get('payment') !== 'success') return;
  if (afterwards === 'go-home') {
    toast({ title: messages.paymentSuccessful.title, variant: 'success' });
    window.setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_PAYMENT_MS);
    return;
  }
  toast({ ...messages.paymentSuccessful, variant: 'success' });
  url.searchParams.delete('payment');
  window.history.replaceState(null, '', url);
});
