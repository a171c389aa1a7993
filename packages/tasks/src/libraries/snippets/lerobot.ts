// LeRobot: SmolVLA policies get install, finetuning and recording commands. Other policies (ACT, diffusion, …) are
// trained and evaluated with scripts whose options depend on the robot, so they get a pointer to the docs only.
import type { ModelData } from "../../model-data.js";
import { shWord } from "../../snippets/quote.js";
import { hasTag } from "./model-fields.js";

export const LEROBOT_FALLBACK =
  "# This LeRobot policy is trained and run with the LeRobot scripts for your robot and task.\n# See https://huggingface.co/docs/lerobot";

/** The base SmolVLA checkpoint is meant for finetuning, so it gets no recording (evaluation) command. */
const SMOLVLA_BASE = "lerobot/smolvla_base";

export function lerobot(model: ModelData): string[] {
  if (!hasTag(model, "smolvla")) return [LEROBOT_FALLBACK];
  const policy = `--policy.path=${shWord(model.id)}`;
  const blocks = [
    `# See https://github.com/huggingface/lerobot?tab=readme-ov-file#installation for more details
git clone https://github.com/huggingface/lerobot.git
cd lerobot
pip install -e ".[smolvla]"`,
    `# Launch finetuning on your dataset
python lerobot/scripts/train.py \\
  ${policy} \\
  --dataset.repo_id=lerobot/svla_so101_pickplace \\
  --batch_size=64 \\
  --steps=20000 \\
  --output_dir=outputs/train/my_smolvla \\
  --job_name=my_smolvla_training \\
  --policy.device=cuda \\
  --wandb.enable=true`,
  ];
  if (model.id === SMOLVLA_BASE) return blocks;
  blocks.push(`# Run the policy using the record function
python -m lerobot.record \\
  --robot.type=so101_follower \\
  --robot.port=/dev/ttyACM0 \\
  --robot.id=my_awesome_follower_arm \\
  --robot.cameras="{ front: {type: opencv, index_or_path: 8, width: 640, height: 480, fps: 30}}" \\
  --dataset.single_task="Grasp a lego block and put it in the bin." \\
  --dataset.repo_id=HF_USER/eval_dataset \\
  --dataset.episode_time_s=50 \\
  --dataset.num_episodes=10 \\
  ${policy}`);
  return blocks;
}
