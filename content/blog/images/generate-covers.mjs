// Generates the 1600x900 cover images for the MDX blog posts in content/blog/.
// Abstract, text-free SVG compositions in the site palette, rasterised with sharp.
// Run from the project root:  node_modules/.bin/node content/blog/images/generate-covers.mjs
// Also writes src/assets/blog/default-cover.jpg (fallback cover for posts without an image).
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const W = 1600;
const H = 900;

const C = {
  navy: '#14213d',
  navy2: '#1f3358',
  teal: '#0f766e',
  teal2: '#14b8a6',
  amber: '#f59e0b',
  amber2: '#fcd34d',
  cream: '#faf7f2',
  sand: '#efe6d8',
};

// Small deterministic PRNG so re-runs produce identical images.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const defs = `
  <defs>
    <linearGradient id="navyGrad" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${C.navy}"/><stop offset="1" stop-color="${C.navy2}"/>
    </linearGradient>
    <linearGradient id="tealGrad" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${C.teal}"/><stop offset="1" stop-color="${C.teal2}"/>
    </linearGradient>
    <linearGradient id="amberGrad" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${C.amber}"/><stop offset="1" stop-color="${C.amber2}"/>
    </linearGradient>
    <linearGradient id="creamGrad" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.cream}"/><stop offset="1" stop-color="${C.sand}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${C.amber2}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${C.amber2}" stop-opacity="0"/>
    </radialGradient>
  </defs>`;

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}${body}</svg>`;

const dots = (x0, y0, cols, rows, gap, r, fill, opacity = 0.35) => {
  let out = '';
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++)
      out += `<circle cx="${x0 + i * gap}" cy="${y0 + j * gap}" r="${r}" fill="${fill}" opacity="${opacity}"/>`;
  return out;
};

const covers = {
  // Three diverging paths: the three streams.
  'choosing-your-stream-after-class-10': () =>
    svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      <circle cx="260" cy="720" r="70" fill="${C.navy}"/>
      <path d="M260 720 C 700 720, 900 240, 1450 180" stroke="${C.teal}" stroke-width="46" fill="none" stroke-linecap="round"/>
      <path d="M260 720 C 700 720, 950 470, 1450 460" stroke="${C.amber}" stroke-width="46" fill="none" stroke-linecap="round"/>
      <path d="M260 720 C 700 720, 1000 720, 1450 760" stroke="${C.navy2}" stroke-width="46" fill="none" stroke-linecap="round"/>
      <circle cx="1450" cy="180" r="54" fill="${C.cream}" stroke="${C.teal}" stroke-width="16"/>
      <circle cx="1450" cy="460" r="54" fill="${C.cream}" stroke="${C.amber}" stroke-width="16"/>
      <circle cx="1450" cy="760" r="54" fill="${C.cream}" stroke="${C.navy2}" stroke-width="16"/>
      ${dots(120, 110, 6, 4, 44, 6, C.navy, 0.25)}
    `),

  // A staircase rising towards a rising sun: the first job.
  'your-first-job-after-college': () => {
    let steps = '';
    const colors = [C.navy, C.navy2, C.teal, C.teal, C.teal2, C.amber];
    for (let i = 0; i < 6; i++) {
      const h = 130 + i * 105;
      steps += `<rect x="${170 + i * 200}" y="${H - h}" width="200" height="${h}" fill="${colors[i]}"/>`;
    }
    return svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      <circle cx="1330" cy="190" r="260" fill="url(#glow)"/>
      <circle cx="1330" cy="190" r="110" fill="url(#amberGrad)"/>
      ${steps}
      <rect x="0" y="${H - 24}" width="${W}" height="24" fill="${C.navy}"/>
      ${dots(150, 110, 8, 3, 40, 5, C.teal, 0.35)}
    `);
  },

  // Arcs that bend from one direction into another: the pivot.
  'planning-a-mid-career-pivot': () => {
    let arcs = '';
    for (let i = 0; i < 7; i++) {
      const r = 180 + i * 70;
      const col = i < 3 ? C.navy : i < 5 ? C.teal : C.amber;
      arcs += `<path d="M ${800 - r} 900 A ${r} ${r} 0 0 1 ${800 + r} 900" stroke="${col}" stroke-width="26" fill="none" opacity="${0.55 + i * 0.06}"/>`;
    }
    return svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      ${arcs}
      <circle cx="800" cy="900" r="120" fill="url(#navyGrad)"/>
      <path d="M1180 230 L1320 230 L1320 370" stroke="${C.amber}" stroke-width="30" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
      <path d="M1180 370 L1320 230" stroke="${C.amber}" stroke-width="30" stroke-linecap="round"/>
      ${dots(140, 120, 5, 5, 44, 6, C.navy, 0.22)}
    `);
  },

  // A network of nodes over navy: AI and work.
  'ai-and-your-career-what-to-learn-next': () => {
    const r = rng(42);
    const nodes = [];
    for (let i = 0; i < 26; i++) nodes.push([80 + r() * 1440, 80 + r() * 740, 6 + r() * 14]);
    let lines = '';
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const [x1, y1] = nodes[i];
        const [x2, y2] = nodes[j];
        const d = Math.hypot(x1 - x2, y1 - y2);
        if (d < 330) lines += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${C.teal2}" stroke-width="2.5" opacity="${(0.75 - d / 500).toFixed(2)}"/>`;
      }
    const circles = nodes
      .map(([x, y, s], i) => `<circle cx="${x}" cy="${y}" r="${s}" fill="${i % 5 === 0 ? C.amber : i % 2 ? C.teal2 : C.cream}"/>`)
      .join('');
    let grid = '';
    for (let x = 0; x <= W; x += 80) grid += `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="${C.cream}" stroke-width="1" opacity="0.05"/>`;
    for (let y = 0; y <= H; y += 80) grid += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="${C.cream}" stroke-width="1" opacity="0.05"/>`;
    return svg(`
      <rect width="${W}" height="${H}" fill="url(#navyGrad)"/>
      ${grid}
      <circle cx="1150" cy="420" r="330" fill="url(#glow)" opacity="0.6"/>
      ${lines}${circles}
    `);
  },

  // Overlapping rising panels: the executive transition.
  'the-executive-transition': () =>
    svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      <rect x="180" y="470" width="520" height="320" rx="18" fill="${C.navy}"/>
      <rect x="520" y="330" width="520" height="320" rx="18" fill="${C.teal}" opacity="0.92"/>
      <rect x="860" y="190" width="520" height="320" rx="18" fill="url(#amberGrad)" opacity="0.95"/>
      <rect x="1200" y="90" width="220" height="140" rx="14" fill="none" stroke="${C.navy}" stroke-width="10"/>
      <line x1="180" y1="830" x2="1420" y2="830" stroke="${C.navy}" stroke-width="8"/>
      ${dots(1460, 560, 3, 6, 40, 6, C.navy, 0.3)}
    `),

  // A large and a small circle, side by side: parent and teenager.
  'parenting-teens-through-career-choices': () =>
    svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      <circle cx="640" cy="470" r="300" fill="url(#tealGrad)"/>
      <circle cx="1020" cy="560" r="190" fill="url(#amberGrad)" opacity="0.93"/>
      <circle cx="640" cy="470" r="360" fill="none" stroke="${C.navy}" stroke-width="6" opacity="0.35"/>
      <circle cx="1020" cy="560" r="240" fill="none" stroke="${C.navy}" stroke-width="6" opacity="0.25"/>
      <path d="M 260 820 Q 800 700 1400 820" stroke="${C.navy}" stroke-width="14" fill="none" stroke-linecap="round"/>
      <circle cx="1320" cy="200" r="40" fill="${C.navy}"/>
      ${dots(160, 120, 4, 4, 44, 6, C.amber, 0.5)}
    `),

  // Concentric rings and segments: the assessment profile.
  'preparing-for-a-psychometric-assessment': () => {
    const cx = 800;
    const cy = 450;
    let segs = '';
    const vals = [0.9, 0.6, 0.75, 0.45, 0.85, 0.55, 0.7, 0.5];
    const cols = [C.teal, C.amber, C.navy2, C.teal2, C.amber, C.teal, C.navy2, C.amber2];
    for (let i = 0; i < vals.length; i++) {
      const a0 = (i / vals.length) * Math.PI * 2 - Math.PI / 2 + 0.04;
      const a1 = ((i + 1) / vals.length) * Math.PI * 2 - Math.PI / 2 - 0.04;
      const r0 = 90;
      const r1 = 90 + vals[i] * 290;
      const p = (r, a) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
      segs += `<path d="M ${p(r0, a0)} L ${p(r1, a0)} A ${r1} ${r1} 0 0 1 ${p(r1, a1)} L ${p(r0, a1)} A ${r0} ${r0} 0 0 0 ${p(r0, a0)} Z" fill="${cols[i]}" opacity="0.92"/>`;
    }
    let rings = '';
    for (let r = 130; r <= 400; r += 68) rings += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${C.navy}" stroke-width="2" opacity="0.25"/>`;
    return svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      ${rings}${segs}
      <circle cx="${cx}" cy="${cy}" r="70" fill="${C.navy}"/>
      ${dots(120, 120, 5, 4, 44, 6, C.teal, 0.3)}
      ${dots(1300, 600, 5, 4, 44, 6, C.navy, 0.2)}
    `);
  },

  // Balanced shapes on a beam: negotiation (draft post).
  'negotiating-your-salary-after-an-appraisal': () =>
    svg(`
      <rect width="${W}" height="${H}" fill="url(#navyGrad)"/>
      <polygon points="800,560 720,760 880,760" fill="${C.teal}"/>
      <rect x="300" y="530" width="1000" height="30" rx="15" fill="${C.cream}"/>
      <rect x="380" y="330" width="200" height="200" rx="16" fill="url(#amberGrad)"/>
      <circle cx="1120" cy="430" r="100" fill="url(#tealGrad)"/>
      <circle cx="1120" cy="430" r="140" fill="none" stroke="${C.amber}" stroke-width="6" opacity="0.5"/>
      ${dots(140, 120, 6, 3, 44, 5, C.cream, 0.2)}
    `),

  // Fallback cover for posts without their own image (admin / AI-written posts).
  'default-cover': () => {
    let bands = '';
    const cols = [C.navy, C.navy2, C.teal, C.teal2, C.amber];
    for (let i = 0; i < cols.length; i++)
      bands += `<rect x="${-200 + i * 260}" y="-200" width="220" height="1400" fill="${cols[i]}" opacity="0.9" transform="rotate(20 800 450)"/>`;
    return svg(`
      <rect width="${W}" height="${H}" fill="url(#creamGrad)"/>
      ${bands}
      <circle cx="1250" cy="450" r="220" fill="${C.cream}" opacity="0.95"/>
      <circle cx="1250" cy="450" r="120" fill="url(#amberGrad)"/>
    `);
  },
};

for (const [slug, make] of Object.entries(covers)) {
  const out =
    slug === 'default-cover' ? join(root, 'src', 'assets', 'blog', 'default-cover.jpg') : join(here, `${slug}.jpg`);
  mkdirSync(dirname(out), { recursive: true });
  const info = await sharp(Buffer.from(make()))
    .resize(W, H)
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(out);
  console.log(`${out.replace(root + '/', '')}  ${info.width}x${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}
