# Writes the seed datasets' sample files (committed beside this script): a few rows in each dataset's own column
# layout, written by Hubkit for illustration, not the dataset's data. Parquet through pyarrow, JSON lines by hand.
# Regenerate (deterministic output) with:
#   python3 -m venv /tmp/pyarrow && /tmp/pyarrow/bin/pip install pyarrow && /tmp/pyarrow/bin/python make-samples.py
# The seed (src/seed/seed-samples.ts) gives each dataset the files of its folder `{owner}/{name}/` as `data/…`.
import json
import os

import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))

PARQUET = {
    "sentence-transformers/all-nli": pa.table(
        {
            "anchor": ["A person is riding a horse.", "Children are playing in a park.", "A chef is cooking pasta."],
            "positive": ["Someone is on a horse.", "Kids play outside.", "A cook prepares a meal."],
            "negative": ["A person is asleep at home.", "The park is empty.", "Nobody is in the kitchen."],
        }
    ),
    "microsoft/ms_marco": pa.table(
        {
            "query": ["what is a hub", "how do tokenizers work"],
            "passage": [
                "A hub is a central place where repositories of models and data are shared.",
                "A tokenizer splits text into pieces that a model maps to ids.",
            ],
            "is_selected": pa.array([1, 1], type=pa.int8()),
        }
    ),
    "cais/mmlu": pa.table(
        {
            "question": ["Which gas do plants take in for photosynthesis?", "What is 7 × 8?"],
            "subject": ["high_school_biology", "elementary_mathematics"],
            "choices": [["Oxygen", "Carbon dioxide", "Nitrogen", "Helium"], ["54", "56", "58", "64"]],
            "answer": pa.array([1, 1], type=pa.int64()),
        }
    ),
    "wikimedia/wikipedia": pa.table(
        {
            "id": ["1", "2"],
            "url": ["https://example.org/wiki/Hubkit_sample_one", "https://example.org/wiki/Hubkit_sample_two"],
            "title": ["Hubkit sample one", "Hubkit sample two"],
            "text": ["An illustrative article body written by Hubkit.", "Another illustrative article body."],
        }
    ),
}

JSONL = {
    "allenai/ai2_arc": [
        {
            "id": "sample-1",
            "question": "Which tool measures temperature?",
            "choices": {"text": ["ruler", "thermometer", "scale", "clock"], "label": ["A", "B", "C", "D"]},
            "answerKey": "B",
        },
    ],
    "Rowan/hellaswag": [
        {
            "ind": 1,
            "activity_label": "Cooking",
            "ctx": "A man puts a pan on the stove. He",
            "endings": ["pours oil into it.", "flies away.", "reads the pan.", "paints the stove."],
            "label": "0",
        },
    ],
    "allenai/swag": [
        {
            "sent1": "She opens the door.",
            "sent2": "She",
            "ending0": "walks outside.",
            "ending1": "eats the door.",
            "ending2": "becomes a door.",
            "ending3": "sings to the hinge.",
            "label": 0,
        },
    ],
    "allenai/c4": [
        {"text": "An illustrative web page text written by Hubkit.", "timestamp": "2019-04-25T12:57:54Z", "url": "https://example.org/one"},
        {"text": "A second illustrative page.", "timestamp": "2019-04-26T08:00:00Z", "url": "https://example.org/two"},
    ],
}


def folder(dataset_id: str) -> str:
    path = os.path.join(HERE, *dataset_id.split("/"))
    os.makedirs(path, exist_ok=True)
    return path


for dataset_id, table in PARQUET.items():
    # No statistics' creation time or writer version drift: the same bytes on every run of one pyarrow version.
    pq.write_table(table, os.path.join(folder(dataset_id), "sample.parquet"), compression="snappy")

for dataset_id, rows in JSONL.items():
    with open(os.path.join(folder(dataset_id), "sample.jsonl"), "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
