// Synthetic audio for the demos: a small formant synthesiser gives speech-like syllables (no real voice is needed
// offline), plus noise and a short piano-like melody.
import { encodeWav, seededRandom } from "./encoders.mjs";

export const SAMPLE_RATE = 16000;

// First three formant frequencies (Hz) of a few vowels for an adult male voice.
const VOWELS = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
};
const FORMANT_BANDWIDTHS = [90, 110, 170];

function resonance(frequency, formant, bandwidth) {
  const x = (frequency - formant) / bandwidth;
  return 1 / (1 + x * x);
}

/** One voiced syllable: harmonics of a falling pitch, shaped by the vowel's formants, with a smooth envelope. */
function syllable(vowel, durationSeconds, startPitch) {
  const length = Math.round(durationSeconds * SAMPLE_RATE);
  const out = new Float32Array(length);
  const formants = VOWELS[vowel];
  const phases = new Float64Array(40);
  for (let n = 0; n < length; n++) {
    const t = n / length;
    const pitch = startPitch * (1 - 0.15 * t);
    let value = 0;
    for (let h = 1; h < phases.length; h++) {
      const frequency = pitch * h;
      if (frequency > 4000) break;
      phases[h] += (2 * Math.PI * frequency) / SAMPLE_RATE;
      let gain = 0;
      for (let f = 0; f < 3; f++) gain += resonance(frequency, formants[f], FORMANT_BANDWIDTHS[f]) / (f + 1);
      value += (gain / h ** 0.5) * Math.sin(phases[h]);
    }
    const envelope = Math.sin(Math.PI * t) ** 0.6;
    out[n] = value * envelope;
  }
  return out;
}

function silence(seconds) {
  return new Float32Array(Math.round(seconds * SAMPLE_RATE));
}

function concat(parts) {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Float32Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function normalise(samples, peak) {
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = max === 0 ? 0 : (samples[i] / max) * peak;
  return out;
}

/** A phrase of speech-like syllables, e.g. "a-i o-e-a u", with short pauses between words. */
function phrase(words, startPitch) {
  const parts = [];
  for (const word of words) {
    word.split("").forEach((vowel, index) => {
      parts.push(syllable(vowel, 0.14 + 0.03 * ((index + word.length) % 3), startPitch - 6 * parts.length));
    });
    parts.push(silence(0.05));
  }
  return concat(parts);
}

function noise(length, seed, amplitude) {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  let smooth = 0;
  for (let i = 0; i < length; i++) {
    smooth = 0.85 * smooth + 0.15 * (random() * 2 - 1); // low-passed: a rumble-like background
    out[i] = smooth * amplitude * 3;
  }
  return out;
}

function melody() {
  // C4 E4 G4 C5 then a C-major chord: a calm piano-like phrase.
  const notes = [261.63, 329.63, 392.0, 523.25];
  const noteSeconds = 0.35;
  const total = Math.round((noteSeconds * notes.length + 0.8) * SAMPLE_RATE);
  const out = new Float32Array(total);
  const strike = (frequency, startSeconds, lengthSeconds) => {
    const start = Math.round(startSeconds * SAMPLE_RATE);
    const length = Math.round(lengthSeconds * SAMPLE_RATE);
    for (let n = 0; n < length && start + n < total; n++) {
      const t = n / SAMPLE_RATE;
      const envelope = Math.exp(-3.5 * t) * Math.min(1, n / 80);
      let value = 0;
      for (let h = 1; h <= 4; h++) value += Math.sin(2 * Math.PI * frequency * h * t) / h ** 1.5;
      out[start + n] += value * envelope;
    }
  };
  notes.forEach((frequency, index) => {
    strike(frequency, index * noteSeconds, 0.9);
  });
  for (const frequency of [261.63, 329.63, 392.0]) strike(frequency, notes.length * noteSeconds, 0.8);
  return normalise(out, 0.6);
}

/** Every audio file of the demos, keyed by file name. */
export function audioAssets() {
  const speech = normalise(concat([silence(0.1), phrase(["oa", "eia", "ou", "aea"], 130), silence(0.1)]), 0.7);
  const background = noise(speech.length, 7, 0.12);
  const noisy = new Float32Array(speech.length);
  for (let i = 0; i < speech.length; i++) noisy[i] = speech[i] * 0.8 + background[i];
  const answer = normalise(concat([silence(0.1), phrase(["ae", "oia", "eu", "ia"], 190), silence(0.1)]), 0.7);

  // Speech at 0.30–1.10 s and 1.60–2.40 s, quiet noise elsewhere (matches the VAD demo table).
  const first = normalise(phrase(["oa", "eia"], 130), 0.7);
  const second = normalise(phrase(["ou", "aea"], 125), 0.7);
  const fit = (samples, seconds) => {
    const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
    out.set(samples.subarray(0, Math.min(samples.length, out.length)));
    return out;
  };
  const withPauses = concat([silence(0.3), fit(first, 0.8), silence(0.5), fit(second, 0.8), silence(0.3)]);
  const hiss = noise(withPauses.length, 11, 0.01);
  for (let i = 0; i < withPauses.length; i++) withPauses[i] += hiss[i];

  return {
    "speech.wav": encodeWav(speech, SAMPLE_RATE),
    "noisy-speech.wav": encodeWav(normalise(noisy, 0.75), SAMPLE_RATE),
    "clean-speech.wav": encodeWav(speech, SAMPLE_RATE),
    "noise.wav": encodeWav(background, SAMPLE_RATE),
    "answer.wav": encodeWav(answer, SAMPLE_RATE),
    "speech-with-pauses.wav": encodeWav(withPauses, SAMPLE_RATE),
    "music.wav": encodeWav(melody(), SAMPLE_RATE),
  };
}
