import { MY_DATA_PATH } from './privacy/links';
import { business } from './business';

/** The home page's programmes, opened on the Students tab (docs/decisions/0004-package-audience-tabs.md). */
export const studentProgrammesHref = '/?for=students#packages';

export interface NavLink {
  label: string;
  href: string;
  /** Only in the small screens' menu: a wide screen's bar has no room, and the home page shows it first. */
  menuOnly?: boolean;
}

/** The entries of the top navigation; the small screens' menu starts with the programmes. */
export const primaryNav: NavLink[] = [
  { label: 'Programmes', href: '/#packages', menuOnly: true },
  { label: `Why ${business.brand}`, href: '/why-ccc-edu' },
  { label: 'Corporate Parenting Wellbeing', href: '/corporate-parenting-wellbeing' },
  { label: 'Blogs/Resources', href: '/blogs-resources' },
  { label: 'How it Works', href: '/how-it-works' },
  { label: 'Contact Us', href: '/contact' },
];

/** An entry that does not start with a slash scrolls to the element with that id. */
export function navHref(href: string): string {
  return href.startsWith('/') || href.startsWith('http') ? href : `#${href}`;
}

export const quickLinks: NavLink[] = [
  { label: 'Programmes for Students', href: studentProgrammesHref },
  { label: 'About Us', href: '/why-ccc-edu' },
  { label: 'Success Stories', href: '/how-it-works' },
  { label: 'Blogs & Resources', href: '/blogs-resources' },
  { label: 'Corporate Programme', href: '/corporate-parenting-wellbeing' },
  { label: 'Contact', href: '/contact' },
];

/** The privacy notice in each language (docs/privacy.md): the footer links both, every form the English. */
export const privacyLinks = {
  en: { label: 'Privacy notice', href: '/privacy' },
  hi: { label: 'निजता सूचना (हिंदी)', href: '/hi/privacy' },
} as const;

/** The terms and the refund policy (each page links its Hindi twin): the footer, checkout and the receipt link them. */
export const policyLinks = {
  terms: { label: 'Terms of service', href: '/terms' },
  refunds: { label: 'Refund policy', href: '/refund-policy' },
  myData: { label: 'Your data', href: MY_DATA_PATH },
} as const;

/** Footer service links all lead to the packages section of the home page. */
export const serviceLinks: string[] = [
  'Psychometric Assessment & Career Mapping',
  'One-to-One Career Coaching',
  'Career Pivot & AI-Skill Strategy',
  'Resume & LinkedIn Optimisation',
  'Senior Transition Coaching',
  'Life Coaching',
];
