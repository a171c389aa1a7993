import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "100 hours of recorded meetings with word-level and speaker annotations (AMI corpus).",
      id: "edinburghcstr/ami",
    },
    { description: "Read speech in 102 languages, useful to test detectors across languages.", id: "google/fleurs" },
  ],
  demo: {
    inputs: [{ type: "audio", filename: "speech-with-pauses.wav" }],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Start (s)", "End (s)", "Label"],
          ["0.00", "0.30", "non-speech"],
          ["0.30", "1.10", "speech"],
          ["1.10", "1.60", "non-speech"],
          ["1.60", "2.40", "speech"],
          ["2.40", "2.70", "non-speech"],
        ],
      },
    ],
  },
  metrics: [
    {
      description: "Detection error rate: missed speech plus false alarms, divided by the total duration of speech.",
      id: "detection-error-rate",
    },
    { description: "Frame-level F1 score of the speech / non-speech decision.", id: "f1" },
  ],
  models: [
    {
      description: "Neural voice activity detection pipeline from pyannote.audio.",
      id: "pyannote/voice-activity-detection",
    },
    {
      description:
        "Segmentation model that detects speech, overlapping speech and speaker turns every few milliseconds.",
      id: "pyannote/segmentation-3.0",
    },
    { description: "CRDNN voice activity detector trained on LibriParty.", id: "speechbrain/vad-crdnn-libriparty" },
  ],
  spaces: [
    {
      description: "Run pyannote's voice activity detection and speaker diarization pipelines.",
      id: "pyannote/pretrained-pipelines",
    },
  ],
  summary:
    "Voice activity detection (VAD) finds where people speak in an audio stream and returns the time segments that contain speech, so that silence, music and noise can be skipped.",
  widgetModels: ["pyannote/voice-activity-detection"],
};

export default taskData;
