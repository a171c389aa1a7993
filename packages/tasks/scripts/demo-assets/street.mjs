// The street scene shared by the vision demos (a house, a tree, a red car and a person), and the outputs derived from
// it: detections, segmentation, masks, a night-time edit, animation frames and a depth map. Coordinates are in a
// 320×240 canvas so that the boxes of the outputs line up with the objects of the input.
import { encodeGreyPng } from "./encoders.mjs";

export const W = 320;
export const H = 240;

export const OBJECTS = {
  house: { box: [22, 58, 128, 182], colour: "#e76f51" },
  tree: { box: [172, 72, 240, 182], colour: "#2a9d8f" },
  car: { box: [136, 170, 234, 224], colour: "#e63946" },
  person: { box: [258, 141, 282, 206], colour: "#457b9d" },
};

export function svg(body, width = W, height = H) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>\n`;
}

function house(night) {
  const windowColour = night ? "#ffd166" : "#9fd3ff";
  return [
    `<rect x="30" y="100" width="90" height="80" fill="${night ? "#8c7a5c" : "#f2d3a0"}"/>`,
    `<polygon points="25,100 75,60 125,100" fill="${night ? "#6e3023" : "#b5523b"}"/>`,
    `<rect x="65" y="140" width="20" height="40" fill="#6b4226"/>`,
    `<rect x="40" y="115" width="18" height="18" fill="${windowColour}"/>`,
    `<rect x="92" y="115" width="18" height="18" fill="${windowColour}"/>`,
  ].join("\n");
}

function tree(night) {
  return [
    `<rect x="200" y="120" width="12" height="60" fill="${night ? "#4a2e14" : "#7a4a21"}"/>`,
    `<circle cx="206" cy="105" r="32" fill="${night ? "#24502a" : "#3f8f3f"}"/>`,
  ].join("\n");
}

function car(offset, night) {
  const x = 140 + offset;
  const parts = [
    `<polygon points="${x + 18},190 ${x + 32},174 ${x + 65},174 ${x + 78},190" fill="${night ? "#8f1d1d" : "#b71c1c"}"/>`,
    `<rect x="${x}" y="190" width="90" height="22" rx="5" fill="${night ? "#a32020" : "#d62828"}"/>`,
    `<rect x="${x + 36}" y="178" width="24" height="11" fill="#cfe8ff"/>`,
    `<circle cx="${x + 20}" cy="214" r="9" fill="#222"/>`,
    `<circle cx="${x + 72}" cy="214" r="9" fill="#222"/>`,
  ];
  if (night) parts.push(`<polygon points="${x + 90},196 ${x + 130},188 ${x + 130},212" fill="#fff3b0" opacity="0.6"/>`);
  return parts.join("\n");
}

function person() {
  return [
    `<circle cx="270" cy="150" r="7" fill="#333"/>`,
    `<g stroke="#333" stroke-width="3" stroke-linecap="round">`,
    `<line x1="270" y1="157" x2="270" y2="182"/><line x1="270" y1="165" x2="260" y2="175"/>`,
    `<line x1="270" y1="165" x2="280" y2="175"/><line x1="270" y1="182" x2="262" y2="204"/>`,
    `<line x1="270" y1="182" x2="278" y2="204"/>`,
    `</g>`,
  ].join("\n");
}

/**
 * The scene's shapes; `carOffset` moves the car to the right (animation frames), `night` recolours everything,
 * `snow` covers the grass.
 */
export function streetBody({ carOffset = 0, night = false, snow = false } = {}) {
  const sky = night ? "#1b2440" : "#cfe8ff";
  const celestial = night
    ? `<circle cx="280" cy="40" r="16" fill="#f1f1e6"/><circle cx="288" cy="34" r="14" fill="${sky}"/>` +
      [30, 90, 150, 230, 310]
        .map((x, i) => `<circle cx="${x}" cy="${18 + (i % 3) * 14}" r="1.5" fill="#fff"/>`)
        .join("")
    : `<circle cx="280" cy="40" r="20" fill="#ffd23f"/>`;
  return [
    `<rect width="${W}" height="150" fill="${sky}"/>`,
    celestial,
    `<rect y="150" width="${W}" height="90" fill="${snow ? "#f4f7fb" : night ? "#2f5a2a" : "#8fcf6f"}"/>`,
    `<rect y="190" width="${W}" height="50" fill="${night ? "#3a3a3a" : "#777"}"/>`,
    `<line x1="0" y1="229" x2="${W}" y2="229" stroke="#eee" stroke-width="3" stroke-dasharray="16 12"/>`,
    house(night),
    tree(night),
    car(carOffset, night),
    person(),
  ].join("\n");
}

function labelledBox(label, [x1, y1, x2, y2], colour) {
  const width = label.length * 6.2 + 6;
  return [
    `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="none" stroke="${colour}" stroke-width="2.5"/>`,
    `<rect x="${x1}" y="${y1 - 13}" width="${width}" height="13" fill="${colour}"/>`,
    `<text x="${x1 + 3}" y="${y1 - 3}" font-family="sans-serif" font-size="10" fill="#fff">${label}</text>`,
  ].join("\n");
}

// The closed-set detector knows COCO's 80 classes (no house or tree); the zero-shot one takes labels as text.
function detections(entries) {
  return svg(
    [streetBody(), ...entries.map(([name, label]) => labelledBox(label, OBJECTS[name].box, OBJECTS[name].colour))].join(
      "\n",
    ),
  );
}

function segmentation() {
  // Flat class colours, one per semantic class (sky, building, tree, car, road, grass, person).
  return svg(
    [
      `<rect width="${W}" height="150" fill="#4e79a7"/>`,
      `<rect y="150" width="${W}" height="90" fill="#59a14f"/>`,
      `<rect y="190" width="${W}" height="50" fill="#76716e"/>`,
      `<rect x="30" y="100" width="90" height="80" fill="#e15759"/><polygon points="25,100 75,60 125,100" fill="#e15759"/>`,
      `<rect x="200" y="120" width="12" height="60" fill="#8cd17d"/><circle cx="206" cy="105" r="32" fill="#8cd17d"/>`,
      `<polygon points="158,190 172,174 205,174 218,190" fill="#f28e2b"/><rect x="140" y="190" width="90" height="22" rx="5" fill="#f28e2b"/>`,
      `<circle cx="160" cy="214" r="9" fill="#f28e2b"/><circle cx="212" cy="214" r="9" fill="#f28e2b"/>`,
      `<g stroke="#edc948" stroke-width="5" stroke-linecap="round"><circle cx="270" cy="150" r="6" fill="#edc948"/>`,
      `<line x1="270" y1="157" x2="270" y2="182"/><line x1="270" y1="165" x2="260" y2="175"/><line x1="270" y1="165" x2="280" y2="175"/>`,
      `<line x1="270" y1="182" x2="262" y2="204"/><line x1="270" y1="182" x2="278" y2="204"/></g>`,
      ...[
        ["sky", 8, 14, "#4e79a7"],
        ["building", 32, 56, "#e15759"],
        ["tree", 176, 68, "#8cd17d"],
        ["car", 150, 168, "#f28e2b"],
        ["road", 8, 236, "#76716e"],
        ["grass", 250, 164, "#59a14f"],
        ["person", 252, 138, "#edc948"],
      ].map(
        ([label, x, y, colour]) =>
          `<text x="${x}" y="${y}" font-family="sans-serif" font-size="10" fill="#fff" stroke="${colour}" stroke-width="0.3">${label}</text>`,
      ),
    ].join("\n"),
  );
}

function masks() {
  // Class-agnostic masks (as Segment Anything returns them) over a faded copy of the input.
  const overlay = (shape, colour) =>
    `<g fill="${colour}" fill-opacity="0.55" stroke="${colour}" stroke-width="2">${shape}</g>`;
  return svg(
    [
      `<g opacity="0.55">${streetBody()}</g>`,
      overlay(`<rect x="30" y="100" width="90" height="80"/><polygon points="25,100 75,60 125,100"/>`, "#ff006e"),
      overlay(`<circle cx="206" cy="105" r="32"/><rect x="200" y="120" width="12" height="60"/>`, "#3a86ff"),
      overlay(
        `<polygon points="158,190 172,174 205,174 218,190"/><rect x="140" y="190" width="90" height="22" rx="5"/>`,
        "#ffbe0b",
      ),
      overlay(`<circle cx="270" cy="150" r="8"/><rect x="262" y="157" width="16" height="48" rx="6"/>`, "#8338ec"),
      overlay(`<circle cx="280" cy="40" r="20"/>`, "#fb5607"),
    ].join("\n"),
  );
}

/** A strip of three 320×240 scene bodies shown side by side as the frames of a short clip, with timestamps. */
export function frameStrip(bodies) {
  const scale = 0.32;
  const gap = 8;
  const width = Math.round(bodies.length * W * scale + (bodies.length + 1) * gap);
  const height = Math.round(H * scale + 2 * gap + 14);
  const frame = (index, body) => {
    const x = gap + index * (W * scale + gap);
    return [
      `<g transform="translate(${x} ${gap}) scale(${scale})"><clipPath id="f${index}"><rect width="${W}" height="${H}"/></clipPath>`,
      `<g clip-path="url(#f${index})">${body}</g></g>`,
      `<text x="${x}" y="${height - 4}" font-family="sans-serif" font-size="10" fill="#333">t = ${index}.0 s</text>`,
    ].join("\n");
  };
  return svg(
    [`<rect width="${width}" height="${height}" fill="#111"/>`, ...bodies.map((body, i) => frame(i, body))].join("\n"),
    width,
    height,
  ).replace(/fill="#333">t =/g, 'fill="#ddd">t =');
}

function frames() {
  // Three frames of a short clip in which the car drives to the right.
  return frameStrip([0, 70, 140].map((carOffset) => streetBody({ carOffset })));
}

/** Relative depth (brighter = nearer) at 160×120, consistent with the scene's layout. */
function depthPng() {
  const width = 160;
  const height = 120;
  const inRect = (x, y, [x1, y1, x2, y2]) => x >= x1 && x <= x2 && y >= y1 && y <= y2;
  const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  return encodeGreyPng(width, height, (px, py) => {
    const x = px * 2;
    const y = py * 2;
    if (inCircle(x, y, 270, 150, 7) || inRect(x, y, [260, 157, 280, 204])) return 215;
    if (inRect(x, y, [140, 174, 230, 223])) return 235;
    if (inCircle(x, y, 206, 105, 32) || inRect(x, y, [200, 120, 212, 180])) return 150;
    const inRoof = y >= 60 && y <= 100 && Math.abs(x - 75) <= ((y - 60) / 40) * 50;
    if (inRect(x, y, [30, 100, 120, 180]) || inRoof) return 135;
    if (y < 150) return 18 + (y / 150) * 12; // sky: far away
    return 60 + ((y - 150) / 90) * 190; // ground: nearer towards the bottom
  });
}

/** Every asset derived from the street scene, keyed by file name. */
export function streetAssets() {
  return {
    "street.svg": svg(streetBody()),
    "park.svg": svg(streetBody()),
    "street-detections.svg": detections([
      ["car", "car 0.99"],
      ["person", "person 0.95"],
    ]),
    "street-zero-shot.svg": detections([
      ["tree", "tree 0.38"],
      ["car", "car 0.52"],
      ["person", "person 0.44"],
    ]),
    "street-segmented.svg": segmentation(),
    "street-masks.svg": masks(),
    "street-night.svg": svg(streetBody({ night: true })),
    "street-frames.svg": frames(),
    "depth.png": depthPng(),
  };
}
