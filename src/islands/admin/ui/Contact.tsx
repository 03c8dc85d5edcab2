import { mailtoHref, telHref } from '../../../lib/admin/contactLinks';

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="adm-link" href={telHref(phone)}>
      {phone}
    </a>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a className="adm-link adm-email" href={mailtoHref(email)}>
      {email}
    </a>
  );
}
