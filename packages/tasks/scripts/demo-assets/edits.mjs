// Demos of the editing tasks (image-text-to-image, image-text-to-video, video-to-video): the street scene changed as
// a text instruction asks, as still images or as frame strips.
import { frameStrip, H, streetBody, svg, W } from "./street.mjs";

/** Snow on the roof, the tree and the car, and snowflakes on a fixed grid (deterministic, no randomness). */
function snowOverlay() {
  const flakes = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 12; col++) {
      const x = 12 + col * 27 + (row % 2) * 13;
      const y = 10 + row * 18;
      flakes.push(`<circle cx="${x}" cy="${y}" r="${1.5 + ((row + col) % 3) * 0.5}" fill="#fff"/>`);
    }
  }
  return [
    `<polygon points="25,100 75,60 125,100 118,100 75,67 32,100" fill="#fff"/>`,
    `<ellipse cx="206" cy="80" rx="26" ry="8" fill="#fff"/>`,
    `<rect x="140" y="186" width="90" height="5" rx="2" fill="#fff"/>`,
    ...flakes,
  ].join("\n");
}

/** The daytime scene in evening light: a warm translucent wash over it. */
function duskBody() {
  return [streetBody(), `<rect width="${W}" height="${H}" fill="#f4845f" opacity="0.35"/>`].join("\n");
}

export function editAssets() {
  return {
    "street-snow.svg": svg([streetBody({ snow: true }), snowOverlay()].join("\n")),
    "street-dusk-frames.svg": frameStrip([streetBody(), duskBody(), streetBody({ night: true })]),
    "street-night-frames.svg": frameStrip([0, 70, 140].map((carOffset) => streetBody({ carOffset, night: true }))),
  };
}
