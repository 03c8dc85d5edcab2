// Generates the two downloadable PDFs served by /api/download/{id}:
//   content/resources/executive-guide.pdf     (Executive Career Acceleration Guide)
//   content/resources/corporate-brochure.pdf  (Corporate Parenting Wellbeing Program Brochure)
// Run from the project root:  node_modules/.bin/node content/resources/generate-pdfs.mjs
//
// Business facts below are DUPLICATED from src/lib/business.ts (node cannot import .ts directly).
// If the owner changes business.ts (founder, phone, e-mail, claims), update BUSINESS here and re-run.
// StandardFonts use WinAnsi encoding, which has no rupee sign: amounts are written "Rs.".
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// ---- copied from src/lib/business.ts -------------------------------------------------------
const BUSINESS = {
  brand: 'CCC Edu',
  legalName: 'CCC Edu Career Counselling & Coaching',
  tagline: 'From Confusion to Clarity. From Interest to Impact.',
  founder: {
    name: 'Anjali Mehra',
    title: 'Founder & Lead Career Coach',
    credentials: ['SHRM-SCP', 'Certified Life Coach', 'NLP Practitioner', 'Health & Wellness Coach'],
    sectors: ['Telecom', 'Retail', 'Pharma', 'FMCG', 'FMCD', 'Technology'],
  },
  contact: {
    phone: '+91 98765 43210',
    email: 'hello@cccedu.example',
    whatsapp: '+91 98765 43210',
    address: 'Bengaluru, Karnataka, India',
    hours: 'Monday to Friday, 9:00 AM-6:00 PM IST',
    schedulingUrl: 'https://calendly.com/ccc-edu/discovery-call',
  },
  claims: { professionals: '3,725+', successRate: '94%', years: '24+', corporatePartners: '150', countries: '15+' },
  corporate: {
    minEmployees: '500+',
    childAges: '13-21',
    rollout: '4-6 weeks',
    payback: '6 months',
    averageSavings: 'Rs. 2.3 Cr',
    participation: '87%',
    satisfaction: '4.8/5',
    implementations: '50+',
    implementationYears: 3,
  },
};
// ---------------------------------------------------------------------------------------------

const hex = (h) => rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
const COL = {
  navy: hex('#14213d'),
  navy2: hex('#1f3358'),
  teal: hex('#0f766e'),
  tealLight: hex('#d5ecea'),
  amber: hex('#f59e0b'),
  amberLight: hex('#fdf0d5'),
  cream: hex('#faf7f2'),
  ink: hex('#1f2937'),
  muted: hex('#5b6472'),
  white: rgb(1, 1, 1),
};

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const M = 60; // side margin
const TOP = PAGE_H - 92; // first baseline below the running header
const BOTTOM = 78; // keep clear of the footer

// Replace characters WinAnsi cannot encode.
const clean = (s) =>
  s
    .replace(/₹\s?/g, 'Rs. ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/→/g, '->');

async function makeDoc(meta) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(`${BUSINESS.founder.name}, ${BUSINESS.brand}`);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setCreator(BUSINESS.legalName);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date('2026-06-01T09:00:00+05:30'));
  doc.setModificationDate(new Date('2026-06-01T09:00:00+05:30'));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  return { doc, fonts, meta };
}

function wrap(text, font, size, maxWidth) {
  const words = clean(text).split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const w of words) {
    const test = line ? `${line} ${w}` : w;
    if (font.widthOfTextAtSize(test, size) <= maxWidth) line = test;
    else {
      if (line) lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// A flowing writer for content pages: tracks the cursor and breaks pages when needed.
class Writer {
  constructor(ctx, section) {
    this.ctx = ctx;
    this.section = section;
    this.newPage();
  }
  newPage() {
    const { doc, fonts, meta } = this.ctx;
    this.page = doc.addPage([PAGE_W, PAGE_H]);
    const p = this.page;
    p.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: COL.cream });
    p.drawRectangle({ x: 0, y: PAGE_H - 44, width: PAGE_W, height: 44, color: COL.navy });
    p.drawRectangle({ x: 0, y: PAGE_H - 48, width: PAGE_W, height: 4, color: COL.amber });
    p.drawText(BUSINESS.brand, { x: M, y: PAGE_H - 28, size: 11, font: fonts.bold, color: COL.white });
    const label = clean(meta.shortTitle);
    const lw = fonts.regular.widthOfTextAtSize(label, 9);
    p.drawText(label, { x: PAGE_W - M - lw, y: PAGE_H - 27, size: 9, font: fonts.regular, color: hex('#c7d0e0') });
    this.y = TOP;
  }
  ensure(h) {
    if (this.y - h < BOTTOM) this.newPage();
  }
  space(h) {
    this.y -= h;
  }
  kicker(text) {
    const { fonts } = this.ctx;
    this.ensure(20);
    this.page.drawText(clean(text).toUpperCase(), { x: M, y: this.y, size: 9, font: fonts.bold, color: COL.teal });
    this.y -= 8;
  }
  h1(text) {
    const { fonts } = this.ctx;
    const lines = wrap(text, fonts.bold, 24, PAGE_W - 2 * M);
    this.ensure(lines.length * 29 + 24);
    this.y -= 22;
    for (const l of lines) {
      this.page.drawText(l, { x: M, y: this.y, size: 24, font: fonts.bold, color: COL.navy });
      this.y -= 29;
    }
    this.page.drawRectangle({ x: M, y: this.y + 14, width: 48, height: 3, color: COL.amber });
    this.y -= 10;
  }
  h2(text) {
    const { fonts } = this.ctx;
    const lines = wrap(text, fonts.bold, 14, PAGE_W - 2 * M);
    this.ensure(lines.length * 18 + 40);
    this.y -= 10;
    for (const l of lines) {
      this.page.drawText(l, { x: M, y: this.y, size: 14, font: fonts.bold, color: COL.teal });
      this.y -= 18;
    }
    this.y -= 2;
  }
  p(text, opts = {}) {
    const { fonts } = this.ctx;
    const font = opts.italic ? fonts.italic : opts.bold ? fonts.bold : fonts.regular;
    const size = opts.size ?? 10.5;
    const lh = size * 1.45;
    const x = M + (opts.indent ?? 0);
    const lines = wrap(text, font, size, PAGE_W - M - x);
    for (const l of lines) {
      this.ensure(lh);
      this.page.drawText(l, { x, y: this.y, size, font, color: opts.color ?? COL.ink });
      this.y -= lh;
    }
    this.y -= opts.after ?? 7;
  }
  bullets(items, numbered = false) {
    const { fonts } = this.ctx;
    const size = 10.5;
    const lh = size * 1.45;
    items.forEach((item, i) => {
      // "Lead: rest" renders the lead in bold.
      const m = /^([^:]{2,60}):\s(.*)$/.exec(item);
      const maxW = PAGE_W - 2 * M - 20;
      const x = M + 20;
      // Build the lines: with a bold lead ("Lead: rest"), the first line has less room for the rest.
      let first = null;
      let lines;
      if (m) {
        const lead = clean(m[1]) + ':';
        const leadW = fonts.bold.widthOfTextAtSize(lead, size) + fonts.regular.widthOfTextAtSize(' ', size) * 1.5;
        const words = clean(m[2]).split(/\s+/).filter(Boolean);
        let line = '';
        let budget = maxW - leadW;
        lines = [];
        for (const wd of words) {
          const test = line ? `${line} ${wd}` : wd;
          if (fonts.regular.widthOfTextAtSize(test, size) <= budget) line = test;
          else {
            lines.push(line);
            line = wd;
            budget = maxW;
          }
        }
        lines.push(line);
        first = { lead, leadW };
      } else {
        lines = wrap(item, fonts.regular, size, maxW);
      }
      this.ensure(lh * Math.min(lines.length, 2));
      if (numbered) this.page.drawText(`${i + 1}.`, { x: M + 2, y: this.y, size, font: fonts.bold, color: COL.teal });
      else this.page.drawCircle({ x: M + 5, y: this.y + 3.5, size: 2.6, color: COL.amber });
      lines.forEach((l, k) => {
        this.ensure(lh);
        if (k === 0 && first) {
          this.page.drawText(first.lead, { x, y: this.y, size, font: fonts.bold, color: COL.navy });
          if (l) this.page.drawText(l, { x: x + first.leadW, y: this.y, size, font: fonts.regular, color: COL.ink });
        } else {
          this.page.drawText(l, { x, y: this.y, size, font: fonts.regular, color: COL.ink });
        }
        this.y -= lh;
      });
      this.y -= 3;
    });
    this.y -= 5;
  }
  callout(title, text, tone = 'amber') {
    const { fonts } = this.ctx;
    const size = 10.5;
    const lh = size * 1.45;
    const lines = wrap(text, fonts.regular, size, PAGE_W - 2 * M - 36);
    const h = 22 + 16 + lines.length * lh + 8;
    this.ensure(h + 6);
    const top = this.y + 8;
    this.page.drawRectangle({ x: M, y: top - h, width: PAGE_W - 2 * M, height: h, color: tone === 'amber' ? COL.amberLight : COL.tealLight });
    this.page.drawRectangle({ x: M, y: top - h, width: 4, height: h, color: tone === 'amber' ? COL.amber : COL.teal });
    let y = top - 22;
    this.page.drawText(clean(title), { x: M + 18, y, size: 11, font: fonts.bold, color: COL.navy });
    y -= 18;
    for (const l of lines) {
      this.page.drawText(l, { x: M + 18, y, size, font: fonts.regular, color: COL.ink });
      y -= lh;
    }
    this.y = top - h - 16;
  }
  // Row of metric tiles: [{ value, label }]
  stats(items) {
    const { fonts } = this.ctx;
    const gap = 10;
    const w = (PAGE_W - 2 * M - gap * (items.length - 1)) / items.length;
    const h = 78;
    this.ensure(h + 10);
    const top = this.y + 6;
    items.forEach((it, i) => {
      const x = M + i * (w + gap);
      this.page.drawRectangle({ x, y: top - h, width: w, height: h, color: COL.navy });
      this.page.drawRectangle({ x, y: top - h, width: w, height: 3, color: COL.amber });
      const v = clean(it.value);
      const vs = v.length > 7 ? 17 : 21;
      this.page.drawText(v, { x: x + 10, y: top - 30, size: vs, font: fonts.bold, color: COL.amber });
      const lines = wrap(it.label, fonts.regular, 8.5, w - 20);
      lines.slice(0, 3).forEach((l, j) => this.page.drawText(l, { x: x + 10, y: top - 47 - j * 10.5, size: 8.5, font: fonts.regular, color: COL.white }));
    });
    this.y = top - h - 20;
  }
}

function drawCover(ctx, { eyebrow, title, subtitle, audience }) {
  const { doc, fonts } = ctx;
  const p = doc.addPage([PAGE_W, PAGE_H]);
  p.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: COL.navy });
  // Geometric artwork
  p.drawCircle({ x: PAGE_W - 40, y: PAGE_H - 120, size: 190, color: COL.navy2 });
  p.drawCircle({ x: PAGE_W - 90, y: PAGE_H - 170, size: 95, color: COL.teal });
  p.drawCircle({ x: PAGE_W - 160, y: PAGE_H - 260, size: 44, color: COL.amber });
  for (let i = 0; i < 6; i++)
    for (let j = 0; j < 4; j++) p.drawCircle({ x: M + i * 16, y: PAGE_H - 70 - j * 16, size: 2, color: hex('#3b4f77') });
  p.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: 10, color: COL.amber });

  p.drawText(BUSINESS.brand, { x: M, y: PAGE_H - 160, size: 16, font: fonts.bold, color: COL.white });
  p.drawText(clean(eyebrow).toUpperCase(), { x: M, y: 470, size: 10, font: fonts.bold, color: COL.amber });
  let y = 438;
  for (const l of wrap(title, fonts.bold, 34, PAGE_W - 2 * M - 20)) {
    p.drawText(l, { x: M, y, size: 34, font: fonts.bold, color: COL.white });
    y -= 41;
  }
  p.drawRectangle({ x: M, y: y + 14, width: 64, height: 4, color: COL.amber });
  y -= 14;
  for (const l of wrap(subtitle, fonts.regular, 13, PAGE_W - 2 * M - 40)) {
    p.drawText(l, { x: M, y, size: 13, font: fonts.regular, color: hex('#d7deea') });
    y -= 19;
  }
  y -= 12;
  p.drawText(clean(audience), { x: M, y, size: 10.5, font: fonts.italic, color: hex('#9fb0cc') });

  p.drawText(clean(`${BUSINESS.founder.name}, ${BUSINESS.founder.title}`), { x: M, y: 118, size: 11, font: fonts.bold, color: COL.white });
  p.drawText(clean(BUSINESS.founder.credentials.join('  |  ')), { x: M, y: 100, size: 9, font: fonts.regular, color: hex('#9fb0cc') });
  p.drawText(clean(BUSINESS.tagline), { x: M, y: 60, size: 10, font: fonts.italic, color: COL.amber });
}

function drawContactPage(ctx, { heading, intro, ctaTitle, ctaText }) {
  const w = new Writer(ctx, 'contact');
  w.kicker('Get in touch');
  w.h1(heading);
  w.p(intro, { after: 14 });
  const { fonts } = ctx;
  const rows = [
    ['Phone', BUSINESS.contact.phone],
    ['WhatsApp', BUSINESS.contact.whatsapp],
    ['E-mail', BUSINESS.contact.email],
    ['Book a call', BUSINESS.contact.schedulingUrl],
    ['Office', BUSINESS.contact.address],
    ['Hours', BUSINESS.contact.hours],
  ];
  const rowH = 30;
  const top = w.y + 8;
  w.page.drawRectangle({ x: M, y: top - rows.length * rowH - 12, width: PAGE_W - 2 * M, height: rows.length * rowH + 12, color: COL.white, borderColor: hex('#e5ded2'), borderWidth: 1 });
  rows.forEach(([k, v], i) => {
    const y = top - 26 - i * rowH;
    w.page.drawText(k, { x: M + 18, y, size: 10.5, font: fonts.bold, color: COL.teal });
    w.page.drawText(clean(v), { x: M + 130, y, size: 10.5, font: fonts.regular, color: COL.ink });
    if (i < rows.length - 1) w.page.drawLine({ start: { x: M + 18, y: y - 11 }, end: { x: PAGE_W - M - 18, y: y - 11 }, thickness: 0.5, color: hex('#ece6dc') });
  });
  w.y = top - rows.length * rowH - 40;
  w.callout(ctaTitle, ctaText, 'teal');
  w.stats([
    { value: BUSINESS.claims.professionals, label: 'professionals guided' },
    { value: BUSINESS.claims.successRate, label: 'success rate' },
    { value: BUSINESS.claims.years, label: 'years of HR leadership' },
    { value: BUSINESS.claims.countries, label: 'countries served' },
  ]);
  w.p(`${BUSINESS.legalName}. ${BUSINESS.tagline}`, { italic: true, color: COL.muted, size: 9.5 });
  return w;
}

function addFooters(ctx) {
  const { doc, fonts } = ctx;
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    if (i === 0) return; // no footer on the cover
    p.drawLine({ start: { x: M, y: 48 }, end: { x: PAGE_W - M, y: 48 }, thickness: 0.6, color: hex('#ddd5c8') });
    p.drawText(clean(`${BUSINESS.brand}  |  ${BUSINESS.contact.email}  |  ${BUSINESS.contact.phone}`), { x: M, y: 32, size: 8.5, font: fonts.regular, color: COL.muted });
    const label = `Page ${i + 1} of ${pages.length}`;
    const lw = fonts.bold.widthOfTextAtSize(label, 8.5);
    p.drawText(label, { x: PAGE_W - M - lw, y: 32, size: 8.5, font: fonts.bold, color: COL.navy });
  });
}

// =============================================================================================
// 1. Executive Career Acceleration Guide
// =============================================================================================
async function executiveGuide() {
  const ctx = await makeDoc({
    title: 'Executive Career Acceleration Guide',
    shortTitle: 'Executive Career Acceleration Guide',
    subject: 'A practical guide for senior professionals planning their next career move',
    keywords: ['executive career', 'leadership transition', 'career coaching', 'CCC Edu'],
  });
  drawCover(ctx, {
    eyebrow: 'A guide for senior professionals',
    title: 'Executive Career Acceleration Guide',
    subtitle: 'How to audit your career, sharpen your positioning, plan a 90-day transition and negotiate your next senior role with confidence.',
    audience: 'For senior professionals, CXOs and leaders with 15+ years of experience',
  });

  let w = new Writer(ctx, 'how');
  w.kicker('Before you begin');
  w.h1('How to use this guide');
  w.p(`At senior levels, careers stop following a ladder. The next move might be a bigger mandate in your company, a CXO role in a smaller one, a shift from a multinational to a promoter-led business, a board or advisory portfolio, or a planned exit into consulting. The options are wider, the roles are fewer, and most of them are never advertised.`);
  w.p(`This guide distils what ${BUSINESS.claims.years} years of HR leadership in large telecom and retail companies have taught us about how senior appointments are really made: in search-firm briefings, board conversations and reference calls that the candidate never hears. It is written to be worked through, not just read.`);
  w.h2('Work through it in five steps');
  w.bullets(
    [
      'Career audit: an honest inventory of your results, strengths, derailers and what you want next.',
      'Positioning and personal brand: the one-line answer to "what is this person the obvious choice for?"',
      'The 90-day transition plan: from the search itself to your first quarter in the new role.',
      'Negotiating: evaluating and shaping a senior offer like an investor would.',
      'Working with a coach: when an outside view pays for itself, and how to get the most from it.',
    ],
    true,
  );
  w.h2('Set aside the time');
  w.p(`Block two uninterrupted hours for the career audit and another hour for positioning. Write your answers down; the act of writing exposes vague thinking. Revisit the guide every quarter while you are in transition, and share your answers with one trusted person who will tell you the truth.`);
  w.callout('A note on confidentiality', 'Many senior professionals explore options while still in role. Everything in this guide can be done discreetly. Use a personal device and e-mail for your search, and be deliberate about who you tell and when.');

  w = new Writer(ctx, 'audit');
  w.kicker('Step 1');
  w.h1('The career audit');
  w.p(`Before a search consultant, a board or a promoter assesses you, assess yourself. The audit has three parts: what you have delivered, what you are known for, and what you want the next ten years to give you.`);
  w.h2('Your record of results');
  w.p('List the five results from the last five to seven years that you are most proud of. For each one, write:');
  w.bullets([
    'The situation: what was at stake for the business, in numbers where possible.',
    'Your contribution: what you personally decided or did, separate from what the team did.',
    'The outcome: revenue, margin, market share, cost, cycle time, engagement or attrition, before and after.',
    'The evidence: who would confirm this if a search firm called them tomorrow?',
  ]);
  w.h2('Strengths and derailers');
  w.p(`Write down what people consistently come to you for, and what kind of organisation brings out your best: scale, turnaround, growth or stability. Then do the harder part: name your derailers. Every leader has them, whether impatience, over-control, conflict avoidance or a tendency to overcommit. Strong leaders know theirs and have a plan for them.`);
  w.h2('What you want next');
  w.bullets([
    'Wealth: is this the decade to build equity, or to secure steady income?',
    'Influence: do you want a larger mandate, a seat on the board, or a voice in your industry?',
    'Impact: which problems do you want to spend your remaining working years on?',
    'Time and geography: how much travel, relocation and intensity will your family accept?',
  ]);
  w.callout('Go deeper with an executive assessment', 'A psychometric leadership profile combined with structured 360-degree feedback adds rigour to the audit and often reveals blind spots that self-review misses. It is the first step of our Senior Transition Coaching.', 'teal');

  w = new Writer(ctx, 'positioning');
  w.kicker('Step 2');
  w.h1('Positioning and personal brand');
  w.p(`Positioning is the single sentence that makes you the obvious choice for a specific kind of role. The sharper it is, the easier it is for a search consultant, an investor or a former colleague to put your name forward. Compare these two:`);
  w.bullets([
    'Generic: "Senior sales leader with 20 years of experience across FMCG and retail."',
    'Positioned: "Commercial leader who has scaled two consumer businesses from Rs. 200 crore to Rs. 1,000 crore through modern trade and e-commerce."',
  ]);
  w.p('The second one gets calls. To build yours, combine three elements: the kind of business problem you solve, the context you solve it in, and proof in numbers.');
  w.h2('Bring every touchpoint into line');
  w.bullets([
    'CV: two pages, led by a three-line summary of your positioning and five quantified achievements.',
    'LinkedIn: a headline that states your positioning, not just your current title, and an About section written in the first person.',
    'Board and advisory profile: a one-page version focused on governance, strategy and sector expertise.',
    'Your spoken introduction: a 30-second version you can say naturally at a conference or on a call.',
  ]);
  w.h2('Activate your network deliberately');
  w.p(`List the fifty people who matter most for your next move: former bosses, peers now in leadership roles, search consultants in your sector, investors, board members and industry-association contacts. Reconnect with purpose: share an insight, ask for a perspective, offer help. Aim for two or three meaningful conversations a week over a quarter.`);
  w.callout('Avoid the desperate message', 'Nobody refers someone who sounds as if they need rescuing. Lead with curiosity and value, and let people offer help rather than asking for a job.');

  w = new Writer(ctx, 'plan');
  w.kicker('Step 3');
  w.h1('The 90-day transition plan');
  w.p('A senior transition has two 90-day periods: the search and the landing. Both deserve a plan.');
  w.h2('Days 1-30 of the search: foundation');
  w.bullets([
    'Complete the career audit and agree your positioning.',
    'Refresh your CV, LinkedIn profile and board profile.',
    'Build your list of fifty key contacts and ten target organisations.',
    'Check your current contract: notice period, non-compete, ESOP vesting and bonus dates.',
  ]);
  w.h2('Days 31-60: visibility');
  w.bullets([
    'Hold two or three network conversations a week and brief two or three search firms in your sector.',
    'Publish or speak once: an article, a panel, a podcast or a webinar on your area of expertise.',
    'Prepare your stories: ten short, quantified examples for interviews and board conversations.',
  ]);
  w.h2('Days 61-90: conversion');
  w.bullets([
    'Prepare for each interview round with research on the business, the board and the promoters.',
    'Line up referees and brief them on the role you are pursuing.',
    'Evaluate offers against the criteria from your audit, not only against each other.',
  ]);
  w.h2('Your first 90 days in the new role');
  w.p(`Spend the first month listening: meet your team, peers, key customers and people two levels below you. In the second month, identify a few early wins that matter to the business and build the relationships needed to deliver them. In the third month, share your diagnosis and plan and begin the harder changes. Resist the urge to arrive with ready-made answers from your last company.`);

  w = new Writer(ctx, 'negotiate');
  w.kicker('Step 4');
  w.h1('Negotiating your next role');
  w.p(`Senior offers are complex, and the most important terms are often not the headline number. Evaluate an offer the way an investor evaluates a deal: what is guaranteed, what is contingent, and what protects you if things change.`);
  w.h2('What to examine closely');
  w.bullets([
    'Mandate and authority: which decisions will genuinely be yours, and which need approval?',
    'Reporting line and board dynamics: especially in promoter-led and PE-backed companies.',
    'Fixed and variable pay: how the variable component is measured, and what was actually paid out in recent years.',
    'ESOPs and long-term incentives: vesting schedule, performance conditions, and treatment on exit or change of control.',
    'Notice period and non-compete: both in your current contract and in the new one.',
    'Severance: far easier to agree before you join than after.',
  ]);
  w.h2('How to negotiate well');
  w.bullets(
    [
      'Negotiate after the offer, not before: once they have chosen you, your leverage is highest.',
      'Anchor on value: connect your requests to the outcomes you will deliver, not to your current salary.',
      'Trade, do not just ask: if the fixed pay is capped, explore a joining bonus, accelerated vesting or an early review.',
      'Get it in writing: every agreed term belongs in the appointment letter.',
    ],
    true,
  );
  w.callout('Buy-outs and notice periods', 'Senior notice periods in India are often three months or more. Discuss a buy-out or a realistic joining date early, and never promise a date you cannot keep: it is the first test of your word.', 'teal');

  w = new Writer(ctx, 'coach');
  w.kicker('Step 5');
  w.h1('Working with a coach');
  w.p(`Senior leaders rarely get honest feedback. The higher you rise, the more filtered the information you receive. A coach gives you a confidential space to think aloud, test your positioning, rehearse difficult conversations and hold yourself to a plan.`);
  w.h2('When coaching pays for itself');
  w.bullets([
    'You are considering a move but are unsure whether to stay, move up, move across or move out.',
    'You have been passed over for a role and want to understand why.',
    'You are stepping into your first CXO or board role.',
    'You are planning a transition from full-time employment to an advisory or independent career.',
  ]);
  w.h2('How our Senior Transition Coaching works');
  w.bullets(
    [
      'Executive assessment: psychometric leadership profile, values and derailers.',
      'Strategic career architecture: target roles, sectors and a realistic timeline.',
      'Executive coaching sessions: positioning, CV, LinkedIn, interview and negotiation preparation.',
      'Ongoing leadership support: a first-90-days plan and check-ins after you join.',
    ],
    true,
  );
  w.p(`The programme is led by ${BUSINESS.founder.name}, ${BUSINESS.founder.title}, who brings ${BUSINESS.claims.years} years of HR leadership in large telecom and retail companies and the credentials ${BUSINESS.founder.credentials.join(', ')}. Because every executive's situation is different, the scope and fee are agreed after a free consultation.`);
  w.callout('Our commitment', `If you are not satisfied after your first session, we refund your fee in full. Everything you share with us stays confidential.`);

  drawContactPage(ctx, {
    heading: 'Start with a free clarity call',
    intro: `A ten-minute call is often enough to name the real decision in front of you. Tell us where you are, and we will share an honest view and one practical next step, with no obligation. We reply to every message within 24 hours.`,
    ctaTitle: 'Your 10-minute clarity call',
    ctaText: 'Minutes 0-3: where you are today. Minutes 3-7: the real problem behind the question. Minutes 7-10: one clear next step. We reserve a 30-minute slot so you are never rushed.',
  });
  addFooters(ctx);
  return ctx.doc;
}

// =============================================================================================
// 2. Corporate Parenting Wellbeing Program Brochure
// =============================================================================================
async function corporateBrochure() {
  const c = BUSINESS.corporate;
  const ctx = await makeDoc({
    title: 'Corporate Parenting Wellbeing Program Brochure',
    shortTitle: 'Corporate Parenting Wellbeing Program',
    subject: 'An employee-wellbeing programme that supports working parents and their children',
    keywords: ['corporate wellbeing', 'parenting', 'employee benefits', 'CHRO', 'CCC Edu'],
  });
  drawCover(ctx, {
    eyebrow: 'For CHROs and HR leaders',
    title: 'Corporate Parenting Wellbeing Program',
    subtitle: `Support your employees through one of the most demanding stages of their lives: raising teenagers who are choosing their futures.`,
    audience: `For employers with ${c.minEmployees} employees  |  Career mentorship for children aged ${c.childAges}`,
  });

  let w = new Writer(ctx, 'why');
  w.kicker('Why it matters');
  w.h1('Your best people are also parents');
  w.p(`Many of your most experienced managers are at the stage of life where their children are facing board exams, entrance tests, college applications and first career choices. It is a period of intense worry, and it does not stay at home. It shows up as distraction in meetings, leave taken at short notice, reluctance to relocate or travel, and, too often, resignations that exit interviews never fully explain.`);
  w.h2('What working parents tell us');
  w.bullets([
    'Decision stress: they do not know how to guide a child through stream, course and college choices in a system that has changed since their own time.',
    'Exam-season strain: board exams and coaching schedules disrupt the whole household for months.',
    'Conflict at home: disagreements over careers strain the parent-child relationship.',
    'Guilt: long hours and travel leave parents feeling they are not doing enough.',
  ]);
  w.h2('Why employers are acting');
  w.p(`Wellbeing programmes have long focused on the employee alone. Supporting the family is one of the most valued benefits an employer can offer, because it addresses a worry that every parent carries. It improves retention of mid-career and senior talent, strengthens the employer brand, and gives HR a meaningful, measurable programme for the whole workforce.`);
  w.callout('Built on experience', `The programme was designed by ${BUSINESS.founder.name}, who spent ${BUSINESS.claims.years} years in HR leadership in large telecom and retail companies, and is delivered with the Knowledge Gateway mentorship platform, which has mentored 3,50,000+ students and professionals.`, 'teal');

  w = new Writer(ctx, 'offerings');
  w.kicker('What we offer');
  w.h1('Three offerings, one programme');
  w.p('Each offering can be taken on its own, but they work best together: the survey identifies needs, the workshops equip parents, and the mentorship supports their children directly.');
  w.h2(`1. Career Mentorship for Employees' Children (${c.childAges})`);
  w.p(`Confidential, one-to-one career guidance for employees' children in school and college: psychometric assessment, counselling sessions with the child and parents together, stream and course guidance, entrance-exam and college planning, and access to the Knowledge Gateway's mentors and webinars.`);
  w.h2('2. Parenting Wellbeing Workshops');
  w.p('Practical, interactive sessions for employees, delivered on site or online, typically 60-90 minutes each. Popular topics include:');
  w.bullets([
    'Guiding career choices without pressure',
    'Managing board-exam and entrance-exam stress at home',
    'Understanding teenagers in a digital world',
    'Balancing a demanding career with family needs',
  ]);
  w.h2('3. The Parenting Diagnostic Survey');
  w.p(`Our proprietary, confidential survey measures the parenting-related stress and needs of your workforce. It gives HR an anonymised, aggregate view by location, function and level, so that the programme is aimed where it will make the greatest difference, and it provides a baseline for measuring impact.`);

  w = new Writer(ctx, 'rollout');
  w.kicker('Implementation');
  w.h1(`From kick-off to launch in ${c.rollout}`);
  w.p('The programme is designed to be light for HR teams. We handle the content, delivery, communication material and reporting.');
  w.bullets(
    [
      'Week 1: Discovery. We meet HR and leadership to agree goals, scope, locations and success measures.',
      'Week 2: Diagnostic survey. The Parenting Diagnostic Survey goes out to employees, with communication support from us.',
      'Weeks 3-4: Programme design. We analyse the results and tailor the workshop calendar and mentorship capacity.',
      'Weeks 5-6: Launch. Kick-off sessions, employee communication and enrolment for the mentorship programme.',
      'Ongoing: Delivery and reporting. Workshops and mentorship run through the year, with quarterly reports to HR.',
    ],
    true,
  );
  w.h2('Results our clients have seen');
  w.stats([
    { value: c.participation, label: 'average employee participation' },
    { value: c.satisfaction, label: 'average satisfaction rating' },
    { value: c.payback, label: 'typical payback period' },
    { value: c.averageSavings, label: 'average annual savings reported' },
  ]);
  w.p(`These figures come from ${c.implementations} implementations over the last ${c.implementationYears} years. Savings are estimated by our clients from reduced attrition, absenteeism and lost productivity among participating employees; results in your organisation will depend on its size, profile and how the programme is rolled out.`, { size: 9.5, color: COL.muted, italic: true });

  w = new Writer(ctx, 'faq');
  w.kicker('Questions HR leaders ask');
  w.h1('Frequently asked questions');
  const faq = [
    ['Who is the programme for?', `Employers with ${c.minEmployees} employees who want to support working parents, particularly those with children aged ${c.childAges}. Smaller organisations can join selected workshops.`],
    ['Is employee information kept confidential?', 'Yes. Mentorship sessions and survey responses are confidential. The employer receives only anonymised, aggregate insights, never individual results or conversations.'],
    ['How is the programme priced?', 'Pricing depends on the number of employees, the offerings chosen and the delivery format. We share a proposal after an initial consultation with your HR team.'],
    ['Can it be delivered across several locations?', 'Yes. Workshops and mentorship can be delivered online across India and abroad, with on-site sessions at key locations.'],
    ['How do we measure impact?', 'The diagnostic survey provides a baseline. We report quarterly on participation, satisfaction and changes in parenting-stress indicators, and can align with your own attrition and engagement data.'],
  ];
  for (const [q, a] of faq) {
    w.h2(q);
    w.p(a);
  }

  drawContactPage(ctx, {
    heading: 'Schedule a corporate consultation',
    intro: `Tell us about your workforce and your wellbeing goals, and we will show you how the programme could work in your organisation. We reply to every enquiry within 24 hours.`,
    ctaTitle: 'What happens next',
    ctaText: `A 30-minute consultation with your HR team, a tailored proposal, and a programme that can be live within ${c.rollout}.`,
  });
  addFooters(ctx);
  return ctx.doc;
}

for (const [name, build] of [
  ['executive-guide.pdf', executiveGuide],
  ['corporate-brochure.pdf', corporateBrochure],
]) {
  const doc = await build();
  const bytes = await doc.save();
  writeFileSync(join(here, name), bytes);
  console.log(`content/resources/${name}  ${doc.getPageCount()} pages  ${(bytes.length / 1024).toFixed(1)} KB`);
}
