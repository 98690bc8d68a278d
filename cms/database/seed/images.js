/**
 * Demo image generator and uploader for the seed.
 *
 * Renders simple illustrative SVG scenes (warehouse, parcels, delivery van, port, robot arm,
 * magazine covers, partner logos, ...) to JPEG/PNG with sharp, entirely offline, and uploads
 * them through the upload plugin so the usual responsive formats (thumbnail, small, medium,
 * large) are created. Every scene also comes in three other palettes ({@link sceneVariants}),
 * 48 distinct pictures in all. Every image is uploaded once and reused across entries.
 */
const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const sharp = require('sharp');

const W = 1200;
const H = 800;

/** Colour palettes (background gradient, accents, dark ink). */
const PALETTES = {
  blue: { sky: ['#0b3d91', '#4f8fe6'], accent: '#ffb400', accent2: '#ff6f3c', ink: '#0a1f44', light: '#e8f0fb' },
  teal: { sky: ['#0f5257', '#3fb8af'], accent: '#ffd166', accent2: '#ef476f', ink: '#073b3a', light: '#e6f6f4' },
  dusk: { sky: ['#2b1055', '#d53369'], accent: '#ffcc70', accent2: '#7cf7ff', ink: '#1a0933', light: '#f7e8f2' },
  green: { sky: ['#1e5128', '#8fd14f'], accent: '#f9f871', accent2: '#ffffff', ink: '#10301a', light: '#eef8e6' },
  warm: { sky: ['#b23a48', '#fcb9b2'], accent: '#461220', accent2: '#ffe5d9', ink: '#3a0e18', light: '#fff1ec' },
  steel: { sky: ['#2f3e46', '#84a98c'], accent: '#f4a261', accent2: '#e9c46a', ink: '#1b262c', light: '#edf2f4' },
};

/**
 * Escape text for use inside SVG markup.
 * @param {string} text Raw text.
 * @returns {string} XML-safe text.
 */
const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Shared SVG defs: background gradient and a film-grain texture. */
const defs = (p) => `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.ink}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0.9"/>
    </linearGradient>
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" result="noise"/>
      <feColorMatrix in="noise" type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.22 0"/>
    </filter>
  </defs>`;

const frame = (p, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(p)}
  <rect width="${W}" height="${H}" fill="url(#bg)"/>${body}
  <rect width="${W}" height="${H}" filter="url(#grain)"/></svg>`;

/** A cardboard box at (x, y) with size s. */
const box = (x, y, s, p, tape = true) => `
  <g transform="translate(${x} ${y})">
    <rect width="${s}" height="${s * 0.8}" rx="4" fill="#c8925a"/>
    <rect width="${s}" height="${s * 0.18}" fill="#b07a46"/>
    ${tape ? `<rect x="${s * 0.42}" width="${s * 0.16}" height="${s * 0.8}" fill="${p.light}" opacity="0.55"/>` : ''}
    <rect x="${s * 0.08}" y="${s * 0.5}" width="${s * 0.3}" height="${s * 0.16}" fill="#fff" opacity="0.85"/>
  </g>`;

/** A delivery van facing right at (x, y) with scale k. */
const van = (x, y, k, colour, p) => `
  <g transform="translate(${x} ${y}) scale(${k})">
    <rect x="0" y="0" width="330" height="170" rx="14" fill="${colour}"/>
    <path d="M330 40 h70 l60 70 v60 h-130 z" fill="${colour}"/>
    <path d="M345 55 h50 l42 50 h-92 z" fill="${p.light}" opacity="0.85"/>
    <rect x="20" y="60" width="220" height="22" rx="4" fill="#fff" opacity="0.9"/>
    <circle cx="95" cy="175" r="36" fill="${p.ink}"/><circle cx="95" cy="175" r="15" fill="#aaa"/>
    <circle cx="375" cy="175" r="36" fill="${p.ink}"/><circle cx="375" cy="175" r="15" fill="#aaa"/>
  </g>`;

/**
 * Scene builders. Each takes (random, palette) and returns an SVG string.
 * @type {Record<string, {palette: string, alt: string, draw: (r: object, p: object) => string}>}
 */
const SCENES = {
  'magazijn-stellingen': {
    palette: 'blue',
    alt: 'Gangpad in een magazijn met hoge stellingen vol dozen',
    draw: (r, p) => {
      let racks = '';
      for (let side = 0; side < 2; side += 1) {
        for (let level = 0; level < 5; level += 1) {
          const y = 120 + level * 120;
          const x0 = side === 0 ? 0 : 760;
          racks += `<rect x="${x0}" y="${y + 95}" width="440" height="14" fill="${p.accent2}"/>`;
          for (let i = 0; i < 4; i += 1) {
            racks += box(x0 + 20 + i * 105, y + 20 + r.int(0, 10), r.int(70, 90), p, r.chance(0.6));
          }
        }
        const x = side === 0 ? 430 : 760;
        racks += `<rect x="${x}" y="90" width="14" height="640" fill="${p.accent2}"/>`;
      }
      return frame(p, `<rect y="600" width="${W}" height="200" fill="url(#floor)"/>
        <polygon points="470,800 730,800 640,520 560,520" fill="${p.accent}" opacity="0.35"/>${racks}`);
    },
  },
  'pakketten-stapel': {
    palette: 'warm',
    alt: 'Stapel pakketten klaar voor verzending',
    draw: (r, p) => {
      let boxes = '';
      const widths = [0, 1, 2, 3, 4, 5];
      widths.forEach((col) => {
        const levels = r.int(2, 5);
        for (let level = 0; level < levels; level += 1) {
          const s = r.int(120, 150);
          boxes += box(90 + col * 170 + r.int(-8, 8), 640 - (level + 1) * s * 0.82, s, p);
        }
      });
      return frame(p, `<circle cx="980" cy="170" r="110" fill="${p.accent2}" opacity="0.6"/>
        <rect y="640" width="${W}" height="160" fill="url(#floor)"/>${boxes}`);
    },
  },
  'bestelbus-straat': {
    palette: 'teal',
    alt: 'Elektrische bestelbus in een Nederlandse straat met grachtenpanden',
    draw: (r, p) => {
      let houses = '';
      for (let i = 0; i < 9; i += 1) {
        const x = i * 135;
        const h = r.int(260, 380);
        const colour = r.pick(['#8d3b2f', '#6b2d24', '#3d405b', '#a1674a', '#5c4033']);
        houses += `<rect x="${x}" y="${560 - h}" width="130" height="${h}" fill="${colour}"/>
          <polygon points="${x},${560 - h} ${x + 65},${500 - h} ${x + 130},${560 - h}" fill="${colour}"/>`;
        for (let f = 0; f < Math.floor(h / 90); f += 1) {
          houses += `<rect x="${x + 20}" y="${580 - h + f * 85}" width="34" height="50" fill="${p.light}" opacity="0.8"/>
            <rect x="${x + 76}" y="${580 - h + f * 85}" width="34" height="50" fill="${p.light}" opacity="0.8"/>`;
        }
      }
      return frame(p, `${houses}<rect y="560" width="${W}" height="240" fill="url(#floor)"/>
        <rect y="660" width="${W}" height="10" fill="#fff" opacity="0.5"/>
        ${van(300, 470, 1.2, '#f4f4f4', p)}
        <path d="M420 520 l30 -30 l-10 30 l30 -10 l-40 40 z" fill="${p.accent}"/>`);
    },
  },
  'sorteerband': {
    palette: 'steel',
    alt: 'Sorteerband met pakketten in een sorteercentrum',
    draw: (r, p) => {
      let items = '';
      for (let i = 0; i < 7; i += 1) {
        items += box(40 + i * 165 + r.int(-15, 15), 390 - r.int(0, 30), r.int(90, 120), p);
      }
      let rollers = '';
      for (let i = 0; i < 24; i += 1) {
        rollers += `<circle cx="${25 + i * 50}" cy="505" r="14" fill="${p.light}" opacity="0.7"/>`;
      }
      return frame(p, `<rect y="480" width="${W}" height="50" fill="${p.ink}"/>${rollers}${items}
        <rect x="80" y="530" width="20" height="270" fill="${p.ink}"/><rect x="1100" y="530" width="20" height="270" fill="${p.ink}"/>
        <rect x="0" y="120" width="${W}" height="24" fill="${p.accent}" opacity="0.8"/>`);
    },
  },
  'containerhaven': {
    palette: 'dusk',
    alt: 'Containerhaven met kranen bij zonsondergang',
    draw: (r, p) => {
      let stacks = '';
      const colours = ['#e63946', '#457b9d', '#2a9d8f', '#f4a261', '#e9c46a', '#6d597a'];
      for (let col = 0; col < 10; col += 1) {
        for (let level = 0; level < r.int(2, 5); level += 1) {
          stacks += `<rect x="${20 + col * 118}" y="${600 - (level + 1) * 52}" width="112" height="48" fill="${r.pick(colours)}"/>`;
        }
      }
      const crane = (x) => `<g fill="${p.ink}"><rect x="${x}" y="160" width="22" height="440"/><rect x="${x + 150}" y="160" width="22" height="440"/>
        <rect x="${x - 120}" y="150" width="420" height="26"/><rect x="${x + 60}" y="176" width="8" height="180"/></g>`;
      return frame(p, `<circle cx="880" cy="330" r="120" fill="${p.accent}" opacity="0.85"/>${crane(180)}${crane(760)}${stacks}
        <rect y="600" width="${W}" height="200" fill="${p.ink}" opacity="0.85"/>
        <rect y="660" width="${W}" height="6" fill="${p.accent}" opacity="0.4"/>`);
    },
  },
  'webshop-scherm': {
    palette: 'blue',
    alt: 'Laptop met een webshop en productoverzicht',
    draw: (r, p) => {
      let cards = '';
      for (let row = 0; row < 2; row += 1) {
        for (let col = 0; col < 4; col += 1) {
          const x = 250 + col * 180;
          const y = 230 + row * 190;
          cards += `<rect x="${x}" y="${y}" width="160" height="170" rx="10" fill="#fff"/>
            <rect x="${x + 15}" y="${y + 15}" width="130" height="90" rx="6" fill="${r.pick([p.accent, p.accent2, p.sky[1], '#9bc53d'])}"/>
            <rect x="${x + 15}" y="${y + 118}" width="100" height="12" rx="4" fill="#ccd"/>
            <rect x="${x + 15}" y="${y + 140}" width="60" height="14" rx="4" fill="${p.ink}"/>`;
        }
      }
      return frame(p, `<rect x="200" y="120" width="800" height="530" rx="24" fill="${p.ink}"/>
        <rect x="225" y="145" width="750" height="480" rx="8" fill="${p.light}"/>
        <rect x="225" y="145" width="750" height="60" fill="${p.sky[0]}"/>
        <rect x="250" y="165" width="140" height="20" rx="6" fill="#fff"/>
        <rect x="820" y="160" width="130" height="30" rx="15" fill="${p.accent}"/>${cards}
        <path d="M120 650 h960 l60 60 h-1080 z" fill="#c9d3e6"/>`);
    },
  },
  'robotarm': {
    palette: 'steel',
    alt: 'Robotarm die pakketten pickt in een geautomatiseerd magazijn',
    draw: (_random, p) => frame(p, `<rect y="620" width="${W}" height="180" fill="url(#floor)"/>
        <rect x="380" y="560" width="220" height="70" rx="10" fill="${p.ink}"/>
        <g stroke="${p.accent}" stroke-width="56" stroke-linecap="round" fill="none">
          <path d="M490 560 L560 330 L820 250"/>
        </g>
        <circle cx="490" cy="560" r="46" fill="${p.ink}"/><circle cx="560" cy="330" r="40" fill="${p.ink}"/>
        <circle cx="820" cy="250" r="32" fill="${p.ink}"/>
        <path d="M820 280 v60 M790 340 h60 M790 340 v40 M850 340 v40" stroke="${p.ink}" stroke-width="14" fill="none"/>
        ${box(775, 380, 100, p)}
        <rect x="720" y="560" width="420" height="60" fill="${p.accent2}" opacity="0.8"/>
        ${box(760, 470, 90, p)}${box(900, 480, 80, p)}${box(1010, 465, 95, p)}`),
  },
  'routekaart': {
    palette: 'teal',
    alt: 'Kaart met bezorgroutes tussen Europese steden',
    draw: (r, p) => {
      const points = Array.from({ length: 14 }, () => [r.int(120, 1080), r.int(120, 680)]);
      let lines = '';
      points.forEach(([x, y], i) => {
        const [x2, y2] = points[(i + r.int(1, 4)) % points.length];
        lines += `<path d="M${x} ${y} Q ${(x + x2) / 2 + r.int(-80, 80)} ${(y + y2) / 2 + r.int(-80, 80)} ${x2} ${y2}" stroke="${p.accent}" stroke-width="5" fill="none" stroke-dasharray="14 10" opacity="0.9"/>`;
      });
      const dots = points
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="${p.accent2}"/><circle cx="${x}" cy="${y}" r="6" fill="#fff"/>`)
        .join('');
      return frame(p, `<path d="M120 200 C300 80 520 160 640 120 S 980 180 1100 120 L1120 700 C900 760 600 640 380 720 S 120 660 90 700 Z" fill="${p.light}" opacity="0.18"/>
        <path d="M420 260 C520 200 700 260 760 360 S 640 560 520 520 S 360 340 420 260" fill="${p.light}" opacity="0.2"/>${lines}${dots}`);
    },
  },
  'groeigrafiek': {
    palette: 'green',
    alt: 'Staafdiagram met stijgende online omzet',
    draw: (r, p) => {
      let bars = '';
      let h = r.int(90, 140);
      for (let i = 0; i < 9; i += 1) {
        h += r.int(15, 60);
        bars += `<rect x="${150 + i * 105}" y="${680 - h}" width="70" height="${h}" rx="6" fill="${i === 8 ? p.accent : p.light}" opacity="${i === 8 ? 1 : 0.85}"/>`;
      }
      return frame(p, `<rect x="120" y="680" width="980" height="6" fill="${p.ink}"/>
        <rect x="120" y="120" width="6" height="566" fill="${p.ink}"/>${bars}
        <path d="M150 600 C 400 560 600 420 1100 180" stroke="${p.ink}" stroke-width="8" fill="none"/>
        <polygon points="1100,180 1060,185 1085,215" fill="${p.ink}"/>`);
    },
  },
  'elektrische-truck': {
    palette: 'green',
    alt: 'Elektrische vrachtwagen aan een laadpaal',
    draw: (_random, p) => frame(p, `<rect y="600" width="${W}" height="200" fill="url(#floor)"/>
        <rect x="160" y="300" width="560" height="280" rx="10" fill="${p.light}"/>
        <rect x="190" y="340" width="300" height="40" rx="6" fill="${p.sky[0]}"/>
        <path d="M720 360 h150 l90 110 v110 h-240 z" fill="#f5f5f5"/>
        <path d="M740 380 h120 l70 80 h-190 z" fill="${p.sky[1]}" opacity="0.7"/>
        <circle cx="290" cy="590" r="52" fill="${p.ink}"/><circle cx="290" cy="590" r="22" fill="#999"/>
        <circle cx="830" cy="590" r="52" fill="${p.ink}"/><circle cx="830" cy="590" r="22" fill="#999"/>
        <rect x="1020" y="360" width="90" height="240" rx="12" fill="${p.ink}"/>
        <rect x="1040" y="390" width="50" height="60" rx="6" fill="${p.accent}"/>
        <path d="M1065 600 C 1065 680 960 660 960 560" stroke="${p.ink}" stroke-width="12" fill="none"/>
        <path d="M1055 405 l-14 24 h14 l-8 22 l22 -30 h-14 l8 -16 z" fill="${p.ink}"/>`),
  },
  'congres-zaal': {
    palette: 'dusk',
    alt: 'Publiek in een congreszaal tijdens een vakevent',
    draw: (r, p) => {
      let heads = '';
      for (let row = 0; row < 4; row += 1) {
        for (let i = 0; i < 16; i += 1) {
          const x = 30 + i * 75 + (row % 2) * 35 + r.int(-6, 6);
          const y = 560 + row * 70;
          heads += `<circle cx="${x}" cy="${y}" r="${24 + row * 2}" fill="${p.ink}"/><rect x="${x - 34}" y="${y + 18}" width="68" height="70" rx="26" fill="${p.ink}"/>`;
        }
      }
      return frame(p, `<rect x="250" y="110" width="700" height="330" rx="8" fill="${p.light}"/>
        <rect x="290" y="150" width="320" height="40" rx="6" fill="${p.sky[0]}"/>
        <rect x="290" y="220" width="520" height="20" rx="6" fill="#c9b8d8"/>
        <rect x="290" y="260" width="460" height="20" rx="6" fill="#c9b8d8"/>
        <rect x="700" y="300" width="200" height="110" rx="6" fill="${p.accent}"/>
        <polygon points="120,0 220,0 420,500 20,500" fill="${p.accent}" opacity="0.18"/>
        <polygon points="980,0 1080,0 1180,500 780,500" fill="${p.accent2}" opacity="0.15"/>${heads}`);
    },
  },
  'inpaktafel': {
    palette: 'warm',
    alt: 'Inpaktafel met dozen, tape en vulmateriaal',
    draw: (r, p) => {
      let parcels = '';
      for (let i = 0; i < 4; i += 1) {
        parcels += box(120 + i * 250 + r.int(-20, 20), 300 + r.int(-30, 30), r.int(150, 190), p, i % 2 === 0);
      }
      return frame(p, `<rect x="60" y="500" width="1080" height="60" rx="8" fill="${p.accent}"/>
        <rect x="100" y="560" width="30" height="240" fill="${p.accent}"/><rect x="1070" y="560" width="30" height="240" fill="${p.accent}"/>${parcels}
        <circle cx="1000" cy="200" r="60" fill="none" stroke="${p.light}" stroke-width="30"/>
        <circle cx="1000" cy="200" r="22" fill="${p.accent}"/>`);
    },
  },
};

/**
 * A magazine cover (portrait 900x1200).
 * @param {{title: string, issue: string, palette: string, headline: string}} cover Cover texts.
 * @returns {string} SVG.
 */
function coverSvg({ title, issue, palette, headline }) {
  const p = PALETTES[palette];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200" viewBox="0 0 900 1200">${defs(p)}
    <rect width="900" height="1200" fill="url(#bg)"/>
    <rect x="0" y="0" width="900" height="190" fill="${p.ink}"/>
    <text x="50" y="120" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="56" fill="#fff">${xml(title)}</text>
    <text x="50" y="170" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="${p.accent}">${xml(issue)}</text>
    <g transform="translate(120 330) scale(0.55)">${box(0, 300, 300, p)}${box(330, 330, 260, p)}${box(150, 60, 250, p)}</g>
    <circle cx="680" cy="520" r="150" fill="${p.accent}" opacity="0.9"/>
    <rect x="50" y="880" width="800" height="240" fill="${p.light}" opacity="0.92"/>
    <text x="80" y="980" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="54" fill="${p.ink}">${xml(headline)}</text>
    <text x="80" y="1050" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="${p.ink}">E-commerce · Logistiek · Fulfilment</text>
    <rect width="900" height="1200" filter="url(#grain)"/></svg>`;
}

/**
 * A partner logo (800x400, flat colours).
 * @param {{name: string, palette: string, shape: 'circle'|'square'|'arrow'|'hex'|'wave'}} logo Logo spec.
 * @returns {string} SVG.
 */
function logoSvg({ name, palette, shape }) {
  const p = PALETTES[palette];
  const marks = {
    circle: `<circle cx="130" cy="200" r="80" fill="${p.sky[0]}"/><circle cx="130" cy="200" r="38" fill="${p.accent}"/>`,
    square: `<rect x="50" y="120" width="160" height="160" rx="24" fill="${p.sky[0]}"/><rect x="95" y="165" width="70" height="70" fill="${p.accent}"/>`,
    arrow: `<path d="M50 250 L130 120 L210 250 L170 250 L130 185 L90 250 Z" fill="${p.sky[0]}"/><rect x="110" y="250" width="40" height="40" fill="${p.accent}"/>`,
    hex: `<polygon points="130,110 208,155 208,245 130,290 52,245 52,155" fill="${p.sky[0]}"/><polygon points="130,160 170,182 170,228 130,250 90,228 90,182" fill="${p.accent}"/>`,
    wave: `<path d="M40 230 C 80 150 130 310 180 210 S 240 170 250 200" stroke="${p.sky[0]}" stroke-width="34" fill="none" stroke-linecap="round"/><circle cx="80" cy="140" r="26" fill="${p.accent}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
    <rect width="800" height="400" fill="#ffffff"/>${marks[shape]}
    <text x="250" y="225" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${name.length > 14 ? 44 : 56}" fill="${p.ink}">${xml(name)}</text></svg>`;
}

/**
 * An editor's portrait (600x600): a drawn head and shoulders in the palette's colours with the
 * initials on the chest, so the demo has a photo per author without real people's faces.
 * @param {{name: string, palette: string}} portrait Portrait spec.
 * @returns {string} SVG.
 */
function portraitSvg({ name, palette }) {
  const p = PALETTES[palette];
  const initials = name
    .split(/\s+/)
    .filter((part) => /^[A-Z]/.test(part))
    .map((part) => part[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[0]}"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    <path d="M90 600 C 100 450 190 400 300 400 S 500 450 510 600 Z" fill="${p.ink}"/>
    <rect x="262" y="330" width="76" height="90" rx="30" fill="${p.light}"/>
    <ellipse cx="300" cy="250" rx="105" ry="125" fill="${p.light}"/>
    <path d="M195 240 C 190 140 250 115 300 115 S 415 140 405 240 C 380 180 330 170 300 170 S 220 180 195 240 Z" fill="${p.accent2 === '#ffffff' ? p.accent : p.accent2}"/>
    <text x="300" y="540" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="64" fill="${p.light}">${xml(initials)}</text></svg>`;
}

/**
 * Render all demo images into a temporary directory.
 * @param {{pick: Function, int: Function, chance: Function}} random Seeded random helpers.
 * @param {{covers: object[], logos: object[], portraits?: object[]}} specs Magazine cover, partner logo
 *   and author portrait specs.
 * @param {string} dir Target directory.
 * @returns {Promise<Array<{key: string, file: string, name: string, mime: string, alt: string}>>}
 */
async function renderImages(random, specs, dir) {
  const jobs = [
    ...Object.entries(SCENES).map(([key, scene]) => ({
      key,
      name: `${key}.jpg`,
      mime: 'image/jpeg',
      alt: scene.alt,
      svg: scene.draw(random, PALETTES[scene.palette]),
      format: 'jpeg',
    })),
    ...specs.covers.map((cover) => ({
      key: cover.key,
      name: `${cover.key}.jpg`,
      mime: 'image/jpeg',
      alt: `Cover van ${cover.title} ${cover.issue}`,
      svg: coverSvg(cover),
      format: 'jpeg',
    })),
    ...specs.logos.map((logo) => ({
      key: logo.key,
      name: `${logo.key}.png`,
      mime: 'image/png',
      alt: `Logo van ${logo.name}`,
      svg: logoSvg(logo),
      format: 'png',
    })),
    // The same scenes again in other palettes (drawn last, so the originals stay as they were).
    ...Object.entries(SCENES).flatMap(([key, scene]) =>
      sceneVariants(key)
        .slice(1)
        .map((variant) => ({
          key: variant,
          name: `${variant.replace('~', '-')}.jpg`,
          mime: 'image/jpeg',
          alt: scene.alt,
          svg: scene.draw(random, PALETTES[variant.split('~')[1]]),
          format: 'jpeg',
        })),
    ),
    // Editors' portraits (drawn without random numbers, so the pictures above stay as they were).
    ...(specs.portraits ?? []).map((portrait) => ({
      key: portrait.key,
      name: `${portrait.key}.jpg`,
      mime: 'image/jpeg',
      alt: `Portret van ${portrait.name}`,
      svg: portraitSvg(portrait),
      format: 'jpeg',
    })),
  ];
  return Promise.all(
    jobs.map(async (job) => {
      const file = path.join(dir, job.name);
      const image = sharp(Buffer.from(job.svg));
      await (job.format === 'png' ? image.png({ palette: true }) : image.jpeg({ quality: 78, mozjpeg: true })).toFile(file);
      return { key: job.key, file, name: job.name, mime: job.mime, alt: job.alt };
    })
  );
}

/**
 * Generate the demo images and upload them through the upload plugin.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @param {object} random Seeded random helpers.
 * @param {{covers: object[], logos: object[]}} specs Magazine cover and partner logo specs.
 * @returns {Promise<Record<string, {id: number}>>} Uploaded file entities by key
 *   (scene keys such as `magazijn-stellingen`, plus the cover and logo keys).
 */
async function createImageLibrary(strapi, random, specs) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
  try {
    const rendered = await renderImages(random, specs, dir);
    const uploadService = strapi.plugin('upload').service('upload');
    const library = {};
    for (const image of rendered) {
      const { size } = await fs.stat(image.file);
      const [uploaded] = await uploadService.upload({
        data: { fileInfo: { name: image.name, alternativeText: image.alt, caption: image.alt } },
        files: { filepath: image.file, originalFilename: image.name, mimetype: image.mime, size },
      });
      library[image.key] = uploaded;
    }
    return library;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Keys of the photo-like scenes, for picking covers and galleries. */
const SCENE_KEYS = Object.keys(SCENES);

/** Variants of each scene: its own palette and three others, so covers need not repeat. */
const VARIANTS_PER_SCENE = 4;

/**
 * The image keys of a scene: the scene itself, then `<scene>~<palette>` in the next palettes
 * after its own (4 in all: 12 scenes give 48 distinct pictures).
 * @param {string} key A scene key.
 * @returns {string[]} Image keys, the original first.
 */
function sceneVariants(key) {
  const names = Object.keys(PALETTES);
  const own = names.indexOf(SCENES[key].palette);
  return [
    key,
    ...Array.from({ length: VARIANTS_PER_SCENE - 1 }, (_, i) => `${key}~${names[(own + 1 + i) % names.length]}`),
  ];
}

module.exports = { createImageLibrary, renderImages, SCENE_KEYS, PALETTES, sceneVariants };
