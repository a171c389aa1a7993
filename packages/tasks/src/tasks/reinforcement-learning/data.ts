import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Recorded trajectories of MuJoCo locomotion agents (D4RL style), used to train Decision Transformers offline.",
      id: "edbeeching/decision_transformer_gym_replay",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "lunar-lander.svg" },
      {
        type: "text",
        label: "Observation",
        content: "x = -0.12, y = 0.84, vx = 0.05, vy = -0.41, angle = 0.08, legs touching = no",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "fire main engine", score: 0.71 },
          { label: "fire left engine", score: 0.16 },
          { label: "do nothing", score: 0.09 },
          { label: "fire right engine", score: 0.04 },
        ],
      },
      { type: "text", label: "Action", content: "fire main engine" },
    ],
  },
  metrics: [
    {
      description:
        "Mean episodic return: average total reward per episode over evaluation episodes (reported with its standard deviation).",
      id: "mean_reward",
    },
    { description: "Share of episodes in which the agent reaches its goal.", id: "success_rate" },
  ],
  models: [
    {
      description: "DQN agent trained with Stable-Baselines3 to play Atari Space Invaders.",
      id: "sb3/dqn-SpaceInvadersNoFrameskip-v4",
    },
    {
      description: "PPO agent that balances a pole on a cart (CartPole), the huggingface_sb3 example model.",
      id: "sb3/demo-hf-CartPole-v1",
    },
    {
      description: "Decision Transformer trained offline on medium-quality Hopper trajectories.",
      id: "edbeeching/decision-transformer-gym-hopper-medium",
    },
  ],
  spaces: [
    {
      description: "Leaderboard of agents trained in the Deep Reinforcement Learning Course.",
      id: "huggingface-projects/Deep-Reinforcement-Learning-Leaderboard",
    },
  ],
  summary:
    "Reinforcement learning trains agents that learn by trial and error: they observe an environment, take actions and improve their policy to maximise the reward they receive over time.",
  widgetModels: [],
};

export default taskData;
