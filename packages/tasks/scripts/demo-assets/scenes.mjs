// Generated-looking pictures (text-to-image, unconditional generation), environment frames (RL, robotics), video
// frame strips and the forecast plot.
import { svg } from "./street.mjs";

function lighthouse() {
  return svg(
    [
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d2c8d"/>`,
      `<stop offset="0.55" stop-color="#f77f00"/><stop offset="1" stop-color="#fcbf49"/></linearGradient></defs>`,
      `<rect width="320" height="160" fill="url(#sky)"/>`,
      `<circle cx="90" cy="160" r="30" fill="#ffdd57"/>`,
      `<rect y="160" width="320" height="80" fill="#1d4e89"/>`,
      ...[175, 195, 215].map(
        (y) =>
          `<line x1="10" y1="${y}" x2="150" y2="${y}" stroke="#4f8ac9" stroke-width="2" stroke-dasharray="20 14"/>`,
      ),
      `<polygon points="170,240 190,150 320,140 320,240" fill="#3a7d44"/>`,
      `<polygon points="232,146 244,60 264,60 276,146" fill="#fff"/>`,
      `<polygon points="238,104 241,86 267,86 270,104" fill="#d62828"/><polygon points="234,136 236,122 272,122 274,136" fill="#d62828"/>`,
      `<rect x="240" y="44" width="28" height="16" fill="#ffe066"/><polygon points="236,44 254,30 272,44" fill="#d62828"/>`,
      `<polygon points="240,52 120,20 120,84" fill="#fff3b0" opacity="0.35"/>`,
    ].join("\n"),
  );
}

function butterfly() {
  const wing = (cx, cy, rx, ry, rotate, colour) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${rotate} ${cx} ${cy})" fill="${colour}" stroke="#222" stroke-width="3"/>`;
  return svg(
    [
      `<rect width="320" height="240" fill="#fdfcf7"/>`,
      wing(115, 85, 55, 40, -25, "#f4a261"),
      wing(205, 85, 55, 40, 25, "#f4a261"),
      wing(125, 160, 38, 30, 30, "#e76f51"),
      wing(195, 160, 38, 30, -30, "#e76f51"),
      ...[
        [100, 80],
        [220, 80],
        [128, 162],
        [192, 162],
      ].map(
        ([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="#264653"/><circle cx="${x}" cy="${y}" r="4" fill="#fff"/>`,
      ),
      `<ellipse cx="160" cy="125" rx="8" ry="55" fill="#222"/>`,
      `<path d="M156 72 q -14 -30 -26 -34 M164 72 q 14 -30 26 -34" stroke="#222" stroke-width="2.5" fill="none"/>`,
    ].join("\n"),
  );
}

function lunarLander() {
  const stars = [20, 60, 110, 150, 210, 250, 300].map(
    (x, i) => `<circle cx="${x}" cy="${15 + ((i * 23) % 80)}" r="1.3" fill="#fff"/>`,
  );
  return svg(
    [
      `<rect width="320" height="240" fill="#0b0c1e"/>`,
      ...stars,
      `<polygon points="0,240 0,200 40,190 80,205 120,196 200,196 240,185 280,200 320,190 320,240" fill="#a5a5b0"/>`,
      `<line x1="120" y1="196" x2="200" y2="196" stroke="#ffd166" stroke-width="3"/>`,
      `<line x1="120" y1="196" x2="120" y2="176" stroke="#ddd"/><polygon points="120,176 132,180 120,184" fill="#ffd166"/>`,
      `<line x1="200" y1="196" x2="200" y2="176" stroke="#ddd"/><polygon points="200,176 212,180 200,184" fill="#ffd166"/>`,
      `<g transform="rotate(5 150 80)">`,
      `<polygon points="132,70 168,70 172,92 128,92" fill="#8d6cf0"/>`,
      `<line x1="132" y1="92" x2="122" y2="110" stroke="#ddd" stroke-width="3"/><line x1="168" y1="92" x2="178" y2="110" stroke="#ddd" stroke-width="3"/>`,
      `<polygon points="142,92 158,92 150,118" fill="#ff9f1c"/>`,
      `</g>`,
    ].join("\n"),
  );
}

function robotScene() {
  return svg(
    [
      `<rect width="320" height="240" fill="#e9ecef"/>`,
      `<rect y="150" width="320" height="90" fill="#b08968"/>`,
      `<rect x="30" y="140" width="50" height="14" fill="#495057"/>`,
      `<g stroke="#f8f9fa" stroke-width="14" stroke-linecap="round"><line x1="55" y1="140" x2="90" y2="70"/><line x1="90" y1="70" x2="175" y2="95"/></g>`,
      `<g stroke="#ff922b" stroke-width="10" stroke-linecap="round"><line x1="55" y1="140" x2="90" y2="70"/><line x1="90" y1="70" x2="175" y2="95"/></g>`,
      `<circle cx="90" cy="70" r="9" fill="#343a40"/><circle cx="55" cy="140" r="9" fill="#343a40"/>`,
      `<g stroke="#343a40" stroke-width="5" stroke-linecap="round"><line x1="175" y1="95" x2="175" y2="112"/><line x1="167" y1="112" x2="183" y2="112"/>`,
      `<line x1="167" y1="112" x2="167" y2="126"/><line x1="183" y1="112" x2="183" y2="126"/></g>`,
      `<rect x="165" y="160" width="22" height="22" fill="#e63946"/>`,
      `<path d="M230 165 q 30 40 60 0 z" fill="#4dabf7"/><ellipse cx="260" cy="165" rx="30" ry="7" fill="#1c7ed6"/>`,
    ].join("\n"),
  );
}

function strip(frameBodies, caption) {
  // Frames of a clip laid side by side: video tasks are shown as frame strips in the static demo.
  const fw = 96;
  const fh = 72;
  const gap = 6;
  const width = frameBodies.length * (fw + gap) + gap;
  const height = fh + 2 * gap + 14;
  return svg(
    [
      `<rect width="${width}" height="${height}" fill="#111"/>`,
      ...frameBodies.map((body, i) => {
        const x = gap + i * (fw + gap);
        return `<g transform="translate(${x} ${gap})"><clipPath id="c${i}"><rect width="${fw}" height="${fh}"/></clipPath><g clip-path="url(#c${i})">${body}</g></g>`;
      }),
      `<text x="${gap}" y="${height - 4}" font-family="sans-serif" font-size="9" fill="#ddd">${caption}</text>`,
    ].join("\n"),
    width,
    height,
  );
}

function ballFrames() {
  const positions = [
    [14, 22],
    [36, 52],
    [58, 30],
    [80, 54],
  ];
  return strip(
    positions.map(
      ([x, y]) =>
        `<rect width="96" height="72" fill="#f1faee"/><rect y="60" width="96" height="12" fill="#bc6c25"/>` +
        `<line x1="0" y1="66" x2="96" y2="66" stroke="#8a4b17"/><circle cx="${x}" cy="${y}" r="7" fill="#e63946"/>`,
    ),
    "4 frames, 0.0–1.5 s",
  );
}

function skippingFrames() {
  // A person skipping rope: the rope passes above the head, then under the feet while the person jumps.
  const frame = (lift, ropeUp) => {
    const feet = 60 - lift;
    const rope = ropeUp ? `M34 ${feet - 2} Q48 -6 62 ${feet - 2}` : `M34 ${feet - 30} Q48 ${feet + 14} 62 ${feet - 30}`;
    return [
      `<rect width="96" height="72" fill="#caf0f8"/><rect y="62" width="96" height="10" fill="#90be6d"/>`,
      `<circle cx="48" cy="${feet - 44}" r="5" fill="#333"/>`,
      `<g stroke="#333" stroke-width="2.5" stroke-linecap="round"><line x1="48" y1="${feet - 39}" x2="48" y2="${feet - 18}"/>`,
      `<line x1="48" y1="${feet - 33}" x2="36" y2="${feet - 26}"/><line x1="48" y1="${feet - 33}" x2="60" y2="${feet - 26}"/>`,
      `<line x1="48" y1="${feet - 18}" x2="43" y2="${feet}"/><line x1="48" y1="${feet - 18}" x2="53" y2="${feet}"/></g>`,
      `<path d="${rope}" stroke="#e63946" stroke-width="1.5" fill="none"/>`,
    ].join("");
  };
  return strip([frame(0, true), frame(8, false), frame(0, true), frame(8, false)], "4 frames sampled from a 2 s clip");
}

function forecastPlot() {
  const history = [112, 118, 132, 129, 121, 135];
  const median = [141, 143, 137];
  const low = [131, 130, 122];
  const high = [152, 157, 153];
  const x = (i) => 40 + i * 30;
  const y = (v) => 200 - (v - 100) * 2.6;
  const line = (values, start) => values.map((v, i) => `${x(i + start)},${y(v).toFixed(1)}`).join(" ");
  const band = [
    ...high.map((v, i) => `${x(i + 6)},${y(v).toFixed(1)}`),
    ...[...low].reverse().map((v, i) => `${x(8 - i)},${y(v).toFixed(1)}`),
  ];
  return svg(
    [
      `<rect width="320" height="240" fill="#fff"/>`,
      `<line x1="30" y1="210" x2="310" y2="210" stroke="#444"/><line x1="30" y1="20" x2="30" y2="210" stroke="#444"/>`,
      `<polygon points="${x(5)},${y(135).toFixed(1)} ${band.join(" ")}" fill="#f4a261" fill-opacity="0.35"/>`,
      `<polyline points="${line(history, 0)}" fill="none" stroke="#264653" stroke-width="2.5"/>`,
      `<polyline points="${x(5)},${y(135).toFixed(1)} ${line(median, 6)}" fill="none" stroke="#e76f51" stroke-width="2.5" stroke-dasharray="6 4"/>`,
      ...history.map((v, i) => `<circle cx="${x(i)}" cy="${y(v).toFixed(1)}" r="3" fill="#264653"/>`),
      `<text x="40" y="30" font-family="sans-serif" font-size="10" fill="#264653">history</text>`,
      `<text x="200" y="30" font-family="sans-serif" font-size="10" fill="#e76f51">forecast (median, 10–90 %)</text>`,
      ...["Jan", "Mar", "May", "Jul", "Sep"].map(
        (month, i) =>
          `<text x="${x(i * 2) - 8}" y="224" font-family="sans-serif" font-size="9" fill="#555">${month}</text>`,
      ),
    ].join("\n"),
  );
}

export function sceneAssets() {
  return {
    "lighthouse.svg": lighthouse(),
    "butterfly.svg": butterfly(),
    "lunar-lander.svg": lunarLander(),
    "robot-scene.svg": robotScene(),
    "ball-frames.svg": ballFrames(),
    "skipping-frames.svg": skippingFrames(),
    "forecast.svg": forecastPlot(),
  };
}
