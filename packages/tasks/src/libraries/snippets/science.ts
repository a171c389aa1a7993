// Science, health, forecasting and small model zoos: CXR/Derm Foundation, AnemoI, pxia, pythae, SwarmFormer,
// SEED-Story, fastai, TimesFM, Chronos, TabPFN.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";

export function cxr_foundation(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/Google-Health/cxr-foundation.git#subdirectory=python
# Load an image as grayscale (Stillwaterising, CC0, via Wikimedia Commons)
import requests
from PIL import Image

image_url = "https://upload.wikimedia.org/wikipedia/commons/c/c8/Chest_Xray_PA_3-8-2010.png"
img = Image.open(requests.get(image_url, headers={"User-Agent": "Demo"}, stream=True).raw).convert("L")

# Download the model and run inference
from huggingface_hub import snapshot_download
from clientside.clients import make_hugging_face_client

snapshot_download(repo_id=${pyStr(model.id)}, local_dir="cxr_model")
cxr_client = make_hugging_face_client("cxr_model")
print(cxr_client.get_image_embeddings_from_images([img]))`,
  ];
}

export function derm_foundation(model: ModelData): string[] {
  return [
    `import requests
import tensorflow as tf
from huggingface_hub import snapshot_download

# Load and format input
IMAGE_URL = "https://storage.googleapis.com/dx-scin-public-data/dataset/images/3445096909671059178.png"
image_bytes = requests.get(IMAGE_URL, stream=True).content
input_tensor = tf.train.Example(
    features=tf.train.Features(
        feature={"image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_bytes]))}
    )
).SerializeToString()

# Load model and run inference
model_path = snapshot_download(${pyStr(model.id)})
loaded_model = tf.saved_model.load(model_path)
infer = loaded_model.signatures["serving_default"]
print(infer(inputs=tf.constant([input_tensor])))`,
  ];
}

export function anemoi(model: ModelData): string[] {
  return [
    `from anemoi.inference.config.run import RunConfiguration
from anemoi.inference.runners.default import DefaultRunner

# Create Configuration
config = RunConfiguration(checkpoint={"huggingface": ${pyStr(model.id)}})
# Load Runner
runner = DefaultRunner(config)`,
  ];
}

export function pxia(model: ModelData): string[] {
  return [
    `from pxia import AutoModel

model = AutoModel.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function pythae(model: ModelData): string[] {
  return [
    `from pythae.models import AutoModel

model = AutoModel.load_from_hf_hub(${pyStr(model.id)})`,
  ];
}

export function swarmformer(model: ModelData): string[] {
  return [
    `from swarmformer import SwarmFormerModel

model = SwarmFormerModel.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function seed_story(model: ModelData): string[] {
  return [
    `# Install from https://github.com/TencentARC/SEED-Story (run from a clone of the repository)
# seed_story_cfg_path refers to "https://github.com/TencentARC/SEED-Story/blob/master/configs/clm_models/agent_7b_sft.yaml"
# llm_cfg_path refers to "https://github.com/TencentARC/SEED-Story/blob/master/configs/clm_models/llama2chat7b_lora.yaml"
import hydra
from huggingface_hub import snapshot_download
from omegaconf import OmegaConf

snapshot_download(${pyStr(model.id)}, local_dir="pretrained")

llm_cfg_path = "configs/clm_models/llama2chat7b_lora.yaml"
seed_story_cfg_path = "configs/clm_models/agent_7b_sft.yaml"

# load Llama2
llm_cfg = OmegaConf.load(llm_cfg_path)
llm = hydra.utils.instantiate(llm_cfg, torch_dtype="fp16")

# initialize seed_story
seed_story_cfg = OmegaConf.load(seed_story_cfg_path)
seed_story = hydra.utils.instantiate(seed_story_cfg, llm=llm)`,
  ];
}

export function fastai(model: ModelData): string[] {
  return [
    `from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${pyStr(model.id)})`,
  ];
}

export function timesfm(model: ModelData): string[] {
  return [
    `# pip install timesfm
import numpy as np
import timesfm

tfm = timesfm.TimesFm(
    hparams=timesfm.TimesFmHparams(backend="gpu", per_core_batch_size=32, horizon_len=128),
    checkpoint=timesfm.TimesFmCheckpoint(huggingface_repo_id=${pyStr(model.id)}),
)

forecast_input = [np.sin(np.linspace(0, 20, 100))]
point_forecast, experimental_quantile_forecast = tfm.forecast(forecast_input, freq=[0])`,
  ];
}

export function chronos_forecasting(model: ModelData): string[] {
  return [
    "pip install chronos-forecasting",
    `import pandas as pd
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${pyStr(model.id)}, device_map="cuda")

# Load historical data
context_df = pd.read_csv("https://autogluon.s3.us-west-2.amazonaws.com/datasets/timeseries/misc/AirPassengers.csv")

# Generate predictions
pred_df = pipeline.predict_df(
    context_df,
    prediction_length=36,  # Number of steps to forecast
    quantile_levels=[0.1, 0.5, 0.9],  # Quantiles for probabilistic forecast
    id_column="item_id",  # Column identifying different time series
    timestamp_column="Month",  # Column with datetime information
    target="#Passengers",  # Column(s) with time series values to predict
)`,
  ];
}

/** TabPFN fetches its own default checkpoint (a classifier or a regressor) from the Hub on first use. */
export function tabpfn(model: ModelData): string[] {
  const regression = model.id.toLowerCase().includes("reg");
  const estimator = regression ? "TabPFNRegressor" : "TabPFNClassifier";
  const dataset = regression ? "load_diabetes" : "load_breast_cancer";
  return [
    `# pip install tabpfn
from sklearn.datasets import ${dataset}
from sklearn.model_selection import train_test_split
from tabpfn import ${estimator}

X, y = ${dataset}(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)

# The default weights are downloaded from the Hub on first use
model = ${estimator}()
model.fit(X_train, y_train)
predictions = model.predict(X_test)`,
  ];
}
