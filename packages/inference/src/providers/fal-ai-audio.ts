// fal-ai speech recognition takes the audio inline, as a base64 data URL in a JSON body (§3.5). The task builds
// its arguments here from a Blob, and the snippet generator from a file its code reads, so both send one body.

/** Content types fal-ai accepts for speech recognition. */
export const FAL_AUDIO_TYPES: readonly string[] = ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"];

/** The task arguments for audio of `type` whose bytes are `base64`: the rest of the arguments, then `audio_url`. */
export function falAudioArgs(rest: Record<string, unknown>, type: string, base64: string): Record<string, unknown> {
  return { ...rest, audio_url: `data:${type};base64,${base64}` };
}
