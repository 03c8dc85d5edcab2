import type { NoticeLanguage } from '../../lib/privacy/noticeWords';

// The shape of a policy page's text (terms, refund policy), one per language
// (docs/privacy.md, "Terms and refund policy").

export interface PolicySection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** A page the section points to, shown after its text. */
  link?: { label: string; href: string };
}

export interface PolicyProse {
  lang: NoticeLanguage;
  title: string;
  description: string;
  lead: string;
  otherLanguage: { label: string; href: string; lang: string };
  sections: PolicySection[];
}
