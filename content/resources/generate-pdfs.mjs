// Builds the two downloadable resources as real, multi-page PDFs:
//   node content/resources/generate-pdfs.mjs
// The facts repeat src/lib/business.ts (this script runs outside the TypeScript
// build); keep them in step when the owner edits the business config.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const here = dirname(fileURLToPath(import.meta.url));
const facts = {
  brand: 'CCC Edu',
  founder: 'Anjali Mehra',
  phone: '+91 98765 43210',
  email: 'hello@cccedu.example',
  hours: 'Monday to Friday, 9:00 AM-6:00 PM IST',
  tagline: 'From Confusion to Clarity. From Interest to Impact.',
};
const navy = rgb(0.078, 0.129, 0.239);
const teal = rgb(0.059, 0.463, 0.431);
const amber = rgb(0.961, 0.62, 0.043);
const ink = rgb(0.2, 0.255, 0.36);
const paper = rgb(0.98, 0.969, 0.949);

const PAGE = { width: 595.28, height: 841.89, margin: 64 };

async function buildDocument({ title, subtitle, kicker, sections, file }) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(facts.brand);
  doc.setSubject(subtitle);
  doc.setCreator(facts.brand);
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const sansBold = await doc.embedFont(StandardFonts.HelveticaBold);

  // Cover
  const cover = doc.addPage([PAGE.width, PAGE.height]);
  cover.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: navy });
  cover.drawRectangle({ x: 0, y: PAGE.height - 14, width: PAGE.width, height: 14, color: amber });
  cover.drawCircle({ x: PAGE.width - 40, y: 160, size: 190, borderColor: teal, borderWidth: 26, opacity: 0.0, borderOpacity: 0.55 });
  cover.drawText(kicker.toUpperCase(), { x: PAGE.margin, y: 600, size: 11, font: sansBold, color: amber });
  let y = 560;
  for (const line of wrap(title, serif, 40, PAGE.width - 2 * PAGE.margin)) {
    cover.drawText(line, { x: PAGE.margin, y, size: 40, font: serif, color: rgb(1, 1, 1) });
    y -= 48;
  }
  y -= 10;
  for (const line of wrap(subtitle, sans, 14, PAGE.width - 2 * PAGE.margin - 60)) {
    cover.drawText(line, { x: PAGE.margin, y, size: 14, font: sans, color: rgb(0.85, 0.88, 0.94) });
    y -= 20;
  }
  cover.drawText(facts.brand, { x: PAGE.margin, y: 96, size: 20, font: serif, color: rgb(1, 1, 1) });
  cover.drawText(facts.tagline, { x: PAGE.margin, y: 74, size: 10, font: sans, color: rgb(0.85, 0.88, 0.94) });

  // Body pages: each section starts on a new page and flows onto more if needed.
  for (const section of sections) {
    let page = newBodyPage(doc, sans, title);
    let cursor = PAGE.height - PAGE.margin - 20;
    page.drawText(section.heading, { x: PAGE.margin, y: cursor, size: 24, font: serif, color: navy });
    cursor -= 14;
    page.drawRectangle({ x: PAGE.margin, y: cursor, width: 48, height: 3, color: amber });
    cursor -= 30;
    for (const block of section.blocks) {
      const isBullet = block.startsWith('- ');
      const isSub = block.startsWith('## ');
      const text = isBullet ? block.slice(2) : isSub ? block.slice(3) : block;
      const font = isSub ? sansBold : sans;
      const size = isSub ? 13 : 11;
      const indent = isBullet ? 16 : 0;
      const lines = wrap(text, font, size, PAGE.width - 2 * PAGE.margin - indent);
      const needed = lines.length * (size + 5) + (isSub ? 10 : 8);
      if (cursor - needed < PAGE.margin + 30) {
        page = newBodyPage(doc, sans, title);
        cursor = PAGE.height - PAGE.margin - 20;
      }
      if (isSub) cursor -= 6;
      lines.forEach((line, index) => {
        if (isBullet && index === 0) page.drawCircle({ x: PAGE.margin + 4, y: cursor + 3.5, size: 2.2, color: teal });
        page.drawText(line, { x: PAGE.margin + indent, y: cursor, size, font, color: isSub ? navy : ink });
        cursor -= size + 5;
      });
      cursor -= isSub ? 4 : 8;
    }
  }

  // Page numbers on every page but the cover.
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    if (index === 0) return;
    const label = `${index + 1} / ${pages.length}`;
    page.drawText(label, { x: PAGE.width - PAGE.margin - sans.widthOfTextAtSize(label, 9), y: 36, size: 9, font: sans, color: ink });
  });

  writeFileSync(join(here, file), await doc.save());
  console.log(`${file}: ${pages.length} pages`);
}

function newBodyPage(doc, font, title) {
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: paper });
  page.drawRectangle({ x: 0, y: PAGE.height - 6, width: PAGE.width, height: 6, color: navy });
  page.drawText(`${facts.brand} · ${title}`, { x: PAGE.margin, y: 36, size: 9, font, color: ink });
  return page;
}

function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const contactSection = {
  heading: 'Talk to us',
  blocks: [
    `${facts.brand} is led by ${facts.founder}, a career coach with 24+ years of HR leadership in large telecom and retail companies (SHRM-SCP, Certified Life Coach, NLP Practitioner, Health & Wellness Coach).`,
    'The first conversation is a free 10-minute career clarity call: your situation, the real problem, and a first action plan. No pressure and no sales script.',
    `## Phone: ${facts.phone}`,
    `## E-mail: ${facts.email}`,
    `## Hours: ${facts.hours}`,
    'We reply to every enquiry within 24 hours on working days. Sessions can be rescheduled with 24 hours\' notice, and if you are not satisfied after the first session, the fee is refunded in full.',
  ],
};

await buildDocument({
  file: 'executive-guide.pdf',
  kicker: 'Guide for senior professionals',
  title: 'Executive Career Acceleration Guide',
  subtitle: 'A practical workbook for leaders planning their next move: audit, positioning, a 90-day plan, negotiation, and how to use a coach well.',
  sections: [
    {
      heading: 'How to use this guide',
      blocks: [
        'Senior careers rarely stall for lack of ability. They stall because the next role is decided in rooms you are not in: promotion panels, board conversations, search-firm shortlists. This guide helps you prepare for those rooms deliberately.',
        'Work through it in order. Each chapter ends with a few questions; write your answers down. The writing is the point: it turns a vague sense of "I should be doing more" into decisions you can act on this quarter.',
        '- Set aside two hours for the career audit. Do it in one sitting.',
        '- Share your positioning statement with two people who will be honest with you.',
        '- Put the 90-day plan in your calendar, not in a drawer.',
      ],
    },
    {
      heading: 'The career audit',
      blocks: [
        'Start with evidence, not ambition. List the five results of the last three years you are proudest of, with numbers where you have them: revenue protected, costs removed, teams built, turnarounds delivered.',
        '## What the market pays for',
        'For each result, ask what capability produced it: building teams from scratch, fixing broken operations, managing regulators, leading through a merger. Capabilities travel between companies and industries; job titles do not.',
        '## Where you are exposed',
        'Be equally honest about gaps. Has your industry changed faster than your skills? Is your network mostly inside one company? Has AI started to automate the reporting and analysis your function used to own?',
        '- Which two capabilities would a new employer hire you for tomorrow?',
        '- Which skill would you need to build in the next 12 months to stay in contention?',
      ],
    },
    {
      heading: 'Positioning and personal brand',
      blocks: [
        'Positioning is the one sentence a search consultant uses when describing you to a client. If you do not write it, someone else will, and it will be blander than you deserve.',
        'A useful formula: "I help [kind of organisation] achieve [result] when they face [situation]." For example: "I help consumer businesses rebuild distribution when a channel collapses."',
        '## Make it visible',
        '- Align your LinkedIn headline and summary with the positioning sentence.',
        '- Publish or speak twice a quarter on the problem you solve, not on your job.',
        '- Ask three former colleagues for recommendations that describe results, not personality.',
        'Consistency matters more than volume. A clear, repeated message beats a busy feed.',
      ],
    },
    {
      heading: 'The 90-day transition plan',
      blocks: [
        'Whether you are moving up, across or out, the first 90 days decide how the move is judged. Plan them before you start.',
        '## Days 1-30: listen',
        'Meet every direct report and key peer one-to-one. Ask what is working, what is not, and what they would change in your place. Resist announcing a strategy.',
        '## Days 31-60: choose',
        'Pick two or three early wins that matter to your manager and are achievable within the quarter. Agree them explicitly, in writing.',
        '## Days 61-90: deliver',
        'Deliver the early wins, share the credit, and present a one-page plan for the year. This is the moment your reputation in the new role is set.',
      ],
    },
    {
      heading: 'Negotiating your next role',
      blocks: [
        'In India, senior offers are usually anchored to your current fixed pay. Move the conversation to the value of the role instead: the size of the problem, the scope, and what success will be worth to the business.',
        '- Know your full current package: fixed, variable, long-term incentives, notice-period buy-out.',
        '- Negotiate scope and reporting line before money; they shape everything that follows.',
        '- Ask for the variable-pay targets in writing and check they are within your control.',
        '- Plan the notice period early; a 90-day notice can cost you the offer if it is a surprise.',
        'Silence is a tool. After you state your expectation, stop talking and let the other side respond.',
      ],
    },
    {
      heading: 'Working with a coach',
      blocks: [
        'A good coach does not give you a career plan. They ask the questions that make your own plan sharper, and they hold you to it.',
        'Expect a structured assessment first, then a small number of focused sessions with clear homework between them. Judge the coaching by the decisions you make, not by how pleasant the sessions feel.',
        '## What we do at CCC Edu',
        'Executive assessment, strategic career architecture, one-to-one coaching sessions and ongoing leadership support, delivered by a coach who has sat on the other side of the hiring table for more than two decades.',
      ],
    },
    contactSection,
  ],
});

await buildDocument({
  file: 'corporate-brochure.pdf',
  kicker: 'For CHROs and HR leaders',
  title: 'Corporate Parenting Wellbeing Program Brochure',
  subtitle: 'Career mentorship for employees\' children (13-21), parenting wellbeing workshops and a proprietary parenting diagnostic survey, for employers with 500+ employees.',
  sections: [
    {
      heading: 'Why it matters',
      blocks: [
        'Your most experienced employees are often parents of teenagers facing board exams, entrance tests and stream choices. That worry comes to work with them: in missed focus, in leave taken at exam time, and in resignations when a family decides to relocate for a child\'s education.',
        'Employers invest heavily in health and financial wellbeing. Very few support the decision that keeps parents awake at night: what their child should study, and what kind of career it leads to.',
        'The Corporate Parenting Wellbeing Program fills that gap with expert guidance for families, delivered through the workplace.',
      ],
    },
    {
      heading: 'What the programme offers',
      blocks: [
        '## 1. Career mentorship for employees\' children (13-21)',
        'Psychometric assessment, one-to-one counselling and a written career map for each child, with the parents in the conversation. Covers stream selection after Class 10, college and course choice, and the first job.',
        '## 2. Parenting wellbeing workshops',
        'Live, practical sessions for employees on exam stress, screen time, motivation, and how to talk about careers without turning every dinner into an argument.',
        '## 3. The Parenting Diagnostic Survey',
        'A proprietary, confidential survey that shows HR where parenting pressure is affecting your workforce, by location and level, so support goes where it is needed. Individual answers are never shared.',
      ],
    },
    {
      heading: 'How it rolls out',
      blocks: [
        'The programme is live within 4-6 weeks of sign-off, with no new systems for your HR team to run.',
        '- Week 1: scoping with HR, communication plan and survey launch.',
        '- Weeks 2-3: survey results and a readout for leadership.',
        '- Weeks 3-6: workshops begin; families book mentorship sessions directly.',
        'Employees register through a private link. Sessions are online, outside working hours where families prefer, and fully confidential.',
      ],
    },
    {
      heading: 'Return on investment',
      blocks: [
        'Across 50+ implementations over 3 years, employers have reported:',
        '- Payback within 6 months, through lower attrition and less unplanned leave.',
        '- An average of Rs. 2.3 Cr in annual savings for large employers.',
        '- 87% participation among eligible employees.',
        '- 4.8/5 average satisfaction from participating families.',
        'We agree the measures with you at the start (for example attrition among parents of teenagers, exam-season leave and engagement scores) and report against them each quarter.',
      ],
    },
    {
      heading: 'Questions HR leaders ask',
      blocks: [
        '## Who is eligible?',
        'Employees with children aged 13-21. Many employers also open the workshops to all parents.',
        '## Is it confidential?',
        'Yes. HR sees aggregated survey results and participation numbers, never individual answers or session notes.',
        '## What does it cost?',
        'Pricing depends on headcount and the mix of offerings. We share a proposal after a 30-minute scoping call.',
        '## Can it run across locations?',
        'Yes. Everything is delivered online, in English and Hindi, across all of India.',
      ],
    },
    contactSection,
  ],
});
