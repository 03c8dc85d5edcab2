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

/** A person's phone, then their e-mail when there is one, as the call and client lists show them. */
export function PhoneAndEmail({ phone, email }: { phone: string; email: string | null | undefined }) {
  return (
    <>
      <PhoneLink phone={phone} />
      {email ? (
        <>
          {' · '}
          <EmailLink email={email} />
        </>
      ) : null}
    </>
  );
}
