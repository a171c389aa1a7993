// Small illustrative SVG drawings for the non-street demos.
import { svg } from "./street.mjs";

const text = (x, y, content, size = 11, extra = "") =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" ${extra}>${content}</text>`;

function cat() {
  const stripes = [-14, 0, 14].map(
    (dx) => `<path d="M${160 + dx} 62 q 3 12 0 22" stroke="#7a4a1e" stroke-width="4" fill="none"/>`,
  );
  return svg(
    [
      `<rect width="320" height="240" fill="#f4efe6"/>`,
      `<ellipse cx="170" cy="185" rx="78" ry="45" fill="#d08c4a"/>`,
      `<path d="M240 190 q 50 -10 40 -60" stroke="#d08c4a" stroke-width="14" fill="none" stroke-linecap="round"/>`,
      `<polygon points="112,78 122,28 148,62" fill="#d08c4a"/><polygon points="208,78 198,28 172,62" fill="#d08c4a"/>`,
      `<polygon points="120,70 125,42 140,62" fill="#f2b8a0"/><polygon points="200,70 195,42 180,62" fill="#f2b8a0"/>`,
      `<circle cx="160" cy="100" r="55" fill="#d08c4a"/>`,
      ...stripes,
      `<ellipse cx="138" cy="98" rx="9" ry="12" fill="#3b6d2f"/><ellipse cx="182" cy="98" rx="9" ry="12" fill="#3b6d2f"/>`,
      `<ellipse cx="138" cy="98" rx="3" ry="10" fill="#111"/><ellipse cx="182" cy="98" rx="3" ry="10" fill="#111"/>`,
      `<polygon points="153,118 167,118 160,127" fill="#e58a8a"/>`,
      `<path d="M160 127 q -8 10 -16 4 M160 127 q 8 10 16 4" stroke="#5a3311" stroke-width="2" fill="none"/>`,
      `<g stroke="#5a3311" stroke-width="1.5">`,
      `<line x1="100" y1="118" x2="140" y2="122"/><line x1="100" y1="130" x2="140" y2="126"/>`,
      `<line x1="220" y1="118" x2="180" y2="122"/><line x1="220" y1="130" x2="180" y2="126"/></g>`,
    ].join("\n"),
  );
}

function barChart() {
  const bars = [
    ["Q1", 40],
    ["Q2", 55],
    ["Q3", 80],
    ["Q4", 65],
  ];
  const base = 200;
  return svg(
    [
      `<rect width="320" height="240" fill="#fff"/>`,
      text(60, 24, "Sales by quarter, 2024 (thousand $)", 13, 'font-weight="bold" fill="#222"'),
      `<line x1="50" y1="${base}" x2="300" y2="${base}" stroke="#444"/><line x1="50" y1="40" x2="50" y2="${base}" stroke="#444"/>`,
      ...[0, 20, 40, 60, 80].map((v) => text(22, base - v * 1.9 + 4, String(v), 10, 'fill="#555"')),
      ...bars.map(([label, value], i) => {
        const x = 70 + i * 58;
        const h = value * 1.9;
        return [
          `<rect x="${x}" y="${base - h}" width="38" height="${h}" fill="${label === "Q3" ? "#e76f51" : "#457b9d"}"/>`,
          text(x + 8, base - h - 5, `${value}k`, 11, 'fill="#222"'),
          text(x + 10, base + 16, label, 11, 'fill="#222"'),
        ].join("\n");
      }),
    ].join("\n"),
  );
}

function invoice() {
  const rows = [
    ["2 × Desk chair", "$380.00", "$760.00"],
    ["4 × Monitor arm", "$120.00", "$480.00"],
  ];
  return svg(
    [
      `<rect width="240" height="320" fill="#fff" stroke="#ccc"/>`,
      text(16, 30, "INVOICE #1042", 16, 'font-weight="bold" fill="#1d3557"'),
      text(16, 50, "Acme Supplies Ltd. — 12 Harbour Road, Leeds", 8, 'fill="#555"'),
      text(16, 64, "Date: 2024-03-15    Due: 2024-04-14", 8, 'fill="#555"'),
      `<rect x="16" y="80" width="208" height="16" fill="#e9eef5"/>`,
      text(20, 91, "Item", 8, 'fill="#222"'),
      text(120, 91, "Unit price", 8, 'fill="#222"'),
      text(180, 91, "Amount", 8, 'fill="#222"'),
      ...rows.flatMap(([item, unit, amount], i) => [
        text(20, 112 + i * 18, item, 8, 'fill="#222"'),
        text(120, 112 + i * 18, unit, 8, 'fill="#222"'),
        text(180, 112 + i * 18, amount, 8, 'fill="#222"'),
      ]),
      `<line x1="16" y1="150" x2="224" y2="150" stroke="#999"/>`,
      text(120, 168, "Subtotal", 8, 'fill="#222"'),
      text(180, 168, "$1,240.00", 8, 'fill="#222"'),
      text(120, 184, "VAT (0%)", 8, 'fill="#222"'),
      text(180, 184, "$0.00", 8, 'fill="#222"'),
      `<rect x="112" y="194" width="112" height="20" fill="#1d3557"/>`,
      text(118, 208, "Total due", 9, 'font-weight="bold" fill="#fff"'),
      text(172, 208, "$1,240.00", 9, 'font-weight="bold" fill="#fff"'),
      text(16, 290, "Payment by bank transfer within 30 days. Thank you!", 7, 'fill="#777"'),
    ].join("\n"),
    240,
    320,
  );
}

function moleculeGraph() {
  // A ring of six carbons with an amine and a hydroxyl group: nodes are atoms, edges are bonds.
  const ring = Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i - Math.PI / 2;
    return [160 + 55 * Math.cos(angle), 120 + 55 * Math.sin(angle)];
  });
  const nodes = [...ring.map(([x, y]) => [x, y, "C"]), [160, 30, "N"], [250, 170, "O"]];
  const edges = [...ring.map((_, i) => [i, (i + 1) % 6]), [0, 6], [2, 7]];
  const colours = { C: "#555", N: "#3a86ff", O: "#e63946" };
  return svg(
    [
      `<rect width="320" height="240" fill="#fafafa"/>`,
      ...edges.map(
        ([a, b]) =>
          `<line x1="${nodes[a][0]}" y1="${nodes[a][1]}" x2="${nodes[b][0]}" y2="${nodes[b][1]}" stroke="#999" stroke-width="4"/>`,
      ),
      ...nodes.map(
        ([x, y, atom]) =>
          `<circle cx="${x}" cy="${y}" r="15" fill="${colours[atom]}"/>${text(x - 4, y + 4, atom, 12, 'fill="#fff" font-weight="bold"')}`,
      ),
    ].join("\n"),
  );
}

// A chair as six boxes (four legs, seat, backrest), drawn in isometric projection. The viewer looks from the front
// left (small x and z), so boxes are listed far to near and the seat stops where the backrest starts.
const CHAIR_BOXES = [
  [52, 0, 46, 58, 40, 52],
  [2, 0, 46, 8, 40, 52],
  [52, 0, 2, 58, 40, 8],
  [2, 0, 2, 8, 40, 8],
  [0, 40, 0, 60, 46, 52],
  [0, 40, 52, 60, 110, 60],
];

function project([x, y, z]) {
  return [160 + (x - z) * 1.3, 218 - y * 1.05 - (x + z) * 0.55];
}

function boxFaces([x1, y1, z1, x2, y2, z2]) {
  const p = (x, y, z) => project([x, y, z]);
  // The three faces turned towards the viewer: top (y = y2), front (z = z1) and left side (x = x1).
  return [
    [p(x1, y2, z1), p(x2, y2, z1), p(x2, y2, z2), p(x1, y2, z2)],
    [p(x1, y1, z1), p(x2, y1, z1), p(x2, y2, z1), p(x1, y2, z1)],
    [p(x1, y1, z1), p(x1, y1, z2), p(x1, y2, z2), p(x1, y2, z1)],
  ];
}

const points = (face) => face.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

function chair() {
  const shades = ["#c8955c", "#a8743f", "#8a5a2b"];
  return svg(
    [
      `<rect width="320" height="240" fill="#f7f3ec"/>`,
      ...CHAIR_BOXES.flatMap((box) =>
        boxFaces(box).map((face, i) => `<polygon points="${points(face)}" fill="${shades[i]}"/>`),
      ),
    ].join("\n"),
  );
}

function chairMesh() {
  // The same chair as a triangulated wireframe, as a 3D viewer would preview a generated mesh.
  return svg(
    [
      `<rect width="320" height="240" fill="#1e1e24"/>`,
      ...CHAIR_BOXES.flatMap((box) =>
        boxFaces(box).map(
          (face) =>
            `<polygon points="${points(face)}" fill="#3d5a80" fill-opacity="0.35" stroke="#98c1d9" stroke-width="1"/>` +
            `<line x1="${face[0][0].toFixed(1)}" y1="${face[0][1].toFixed(1)}" x2="${face[2][0].toFixed(1)}" y2="${face[2][1].toFixed(1)}" stroke="#98c1d9" stroke-width="0.8"/>`,
        ),
      ),
      text(10, 230, "chair.glb", 10, 'fill="#98c1d9"'),
    ].join("\n"),
  );
}

// COCO's 17 body keypoints for a standing person with raised arms.
const KEYPOINTS = {
  nose: [160, 52],
  leftEye: [166, 46],
  rightEye: [154, 46],
  leftEar: [172, 50],
  rightEar: [148, 50],
  leftShoulder: [182, 80],
  rightShoulder: [138, 80],
  leftElbow: [208, 62],
  rightElbow: [112, 62],
  leftWrist: [226, 36],
  rightWrist: [94, 36],
  leftHip: [174, 140],
  rightHip: [146, 140],
  leftKnee: [180, 180],
  rightKnee: [140, 180],
  leftAnkle: [184, 218],
  rightAnkle: [136, 218],
};
const SKELETON = [
  ["leftShoulder", "rightShoulder"],
  ["leftShoulder", "leftElbow"],
  ["leftElbow", "leftWrist"],
  ["rightShoulder", "rightElbow"],
  ["rightElbow", "rightWrist"],
  ["leftShoulder", "leftHip"],
  ["rightShoulder", "rightHip"],
  ["leftHip", "rightHip"],
  ["leftHip", "leftKnee"],
  ["leftKnee", "leftAnkle"],
  ["rightHip", "rightKnee"],
  ["rightKnee", "rightAnkle"],
];

function personBody() {
  const k = KEYPOINTS;
  const limb = (a, b, width) =>
    `<line x1="${k[a][0]}" y1="${k[a][1]}" x2="${k[b][0]}" y2="${k[b][1]}" stroke="#2b2d42" stroke-width="${width}" stroke-linecap="round"/>`;
  return [
    `<rect width="320" height="240" fill="#edf2f4"/>`,
    `<polygon points="138,80 182,80 174,140 146,140" fill="#ef233c"/>`,
    ...SKELETON.filter(
      ([a, b]) => !(a.endsWith("Shoulder") && b.endsWith("Shoulder")) && !(a.endsWith("Hip") && b.endsWith("Hip")),
    ).map(([a, b]) => limb(a, b, 12)),
    `<circle cx="160" cy="52" r="20" fill="#f4a261"/>`,
  ].join("\n");
}

function personKeypoints() {
  const k = KEYPOINTS;
  return svg(
    [
      `<g opacity="0.45">${personBody()}</g>`,
      ...SKELETON.map(
        ([a, b]) =>
          `<line x1="${k[a][0]}" y1="${k[a][1]}" x2="${k[b][0]}" y2="${k[b][1]}" stroke="#00b4d8" stroke-width="3"/>`,
      ),
      ...Object.values(k).map(
        ([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="#ff006e" stroke="#fff" stroke-width="1.5"/>`,
      ),
    ].join("\n"),
  );
}

export function drawingAssets() {
  return {
    "cat.svg": cat(),
    "chart.svg": barChart(),
    "invoice.svg": invoice(),
    "molecule-graph.svg": moleculeGraph(),
    "chair.svg": chair(),
    "chair-mesh.svg": chairMesh(),
    "person.svg": svg(personBody()),
    "person-keypoints.svg": personKeypoints(),
  };
}
