// Reinforcement learning and game engines: ML-Agents, Sample Factory, Stable-Baselines3, Unity Sentis.
import type { ModelData } from "../../model-data.js";
import { commentText, pyStr, shWord } from "../../snippets/quote.js";
import { repoName } from "./model-fields.js";

export function mlAgents(model: ModelData): string[] {
  return [`mlagents-load-from-hf --repo-id=${shWord(model.id)} --local-dir="./downloads"`];
}

export function sampleFactory(model: ModelData): string[] {
  return [`python -m sample_factory.huggingface.load_from_hub -r ${shWord(model.id)} -d ./train_dir`];
}

export function stableBaselines3(model: ModelData): string[] {
  return [
    `from huggingface_sb3 import load_from_hub

# The checkpoint is usually named after the repository ("<algo>-<env>.zip"); check the repository's files.
checkpoint = load_from_hub(
    repo_id=${pyStr(model.id)},
    filename=${pyStr(`${repoName(model)}.zip`)},
)

# Load it with the algorithm it was trained with, e.g.:
# from stable_baselines3 import PPO
# model = PPO.load(checkpoint)`,
  ];
}

/** Unity Sentis runs `.sentis` / ONNX models inside Unity: the snippet is C#, with the repository named in a comment. */
export function sentis(model: ModelData): string[] {
  return [
    `// Download the .sentis (or .onnx) file of ${commentText(model.id)} into Assets/StreamingAssets
using Unity.Sentis;
using UnityEngine;

public class RunModel : MonoBehaviour
{
    void Start()
    {
        string modelName = "[Your model name here].sentis";
        Model model = ModelLoader.Load(Application.streamingAssetsPath + "/" + modelName);
        Worker worker = new Worker(model, BackendType.GPUCompute);
        // Please see the provided C# file of the repository for more details
        worker.Dispose();
    }
}`,
  ];
}
