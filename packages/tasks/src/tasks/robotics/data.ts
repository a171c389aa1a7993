import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Push-T: a simulated task where a robot pushes a T-shaped block onto a target, with human demonstrations.",
      id: "lerobot/pusht",
    },
    {
      description: "Human demonstrations of a bimanual ALOHA robot transferring a cube in simulation.",
      id: "lerobot/aloha_sim_transfer_cube_human",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "robot-scene.svg" },
      { type: "text", label: "Instruction", content: "Pick up the red cube and place it in the bowl." },
    ],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Step", "Δx (m)", "Δy (m)", "Δz (m)", "Gripper"],
          ["1", "0.012", "-0.004", "-0.020", "open"],
          ["2", "0.010", "-0.003", "-0.018", "open"],
          ["3", "0.000", "0.000", "0.000", "close"],
          ["4", "-0.015", "0.020", "0.025", "closed"],
        ],
      },
    ],
  },
  metrics: [
    { description: "Share of evaluation episodes in which the robot completes the task.", id: "success_rate" },
    { description: "Average reward per episode in simulated benchmarks.", id: "mean_reward" },
  ],
  models: [
    {
      description: "SmolVLA: a compact vision-language-action model for affordable robot arms.",
      id: "lerobot/smolvla_base",
    },
    { description: "π0: a vision-language-action flow model for general robot control.", id: "lerobot/pi0" },
    {
      description: "ACT policy trained on ALOHA cube-transfer demonstrations.",
      id: "lerobot/act_aloha_sim_transfer_cube_human",
    },
    { description: "Diffusion Policy trained on Push-T.", id: "lerobot/diffusion_pusht" },
    {
      description: "OpenVLA: 7B vision-language-action model trained on the Open X-Embodiment dataset.",
      id: "openvla/openvla-7b",
    },
  ],
  spaces: [
    {
      description: "Browse LeRobot datasets episode by episode, with camera views and joint plots.",
      id: "lerobot/visualize_dataset",
    },
  ],
  summary:
    "Robotics models map what a robot perceives (camera images, joint positions) and, for many, a language instruction to the actions it should take, such as the next movements of an arm and its gripper.",
  widgetModels: [],
};

export default taskData;
