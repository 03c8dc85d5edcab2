import { privacyLinks } from '../lib/navigation';
import type { noticeForms } from '../lib/privacy/notice';

// The link to the privacy notice every form shows beside its submit button (docs/privacy.md):
// it opens at the form's own part of the notice, in a new tab, so nothing typed is lost.

type NoticeFormId = (typeof noticeForms)[number]['id'];

export default function NoticeLink({ form }: { form: NoticeFormId }) {
  return (
    <p className="notice-link">
      What we keep and why:{' '}
      <a href={`${privacyLinks.en.href}#form-${form}`} target="_blank" rel="noopener">
        {privacyLinks.en.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
