// In-context tabular foundation models from SAP: FlexTab and SAP RPT-1 OSS. Their estimators download their own
// checkpoint, so the snippets take no model argument.

const BREAST_CANCER = `from sklearn.datasets import load_breast_cancer
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)`;

const OPENML_531 = `from sklearn.datasets import fetch_openml
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split

df = fetch_openml(data_id=531, as_frame=True)
X = df.data
y = df.target.astype(float)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)`;

/** A classification and a regression example for an sklearn-style estimator pair imported from `module`. */
function estimatorExamples(module: string, classifier: string, regressor: string): string[] {
  return [
    `${BREAST_CANCER}
from ${module} import ${classifier}

clf = ${classifier}(max_context_size=8192, bagging=8)
clf.fit(X_train, y_train)
prediction = clf.predict(X_test)
print("Accuracy", accuracy_score(y_test, prediction))`,
    `${OPENML_531}
from ${module} import ${regressor}

regressor = ${regressor}(max_context_size=8192, bagging=8)
regressor.fit(X_train, y_train)
prediction = regressor.predict(X_test)
print("R² Score:", r2_score(y_test, prediction))`,
  ];
}

export function flextab(): string[] {
  return [
    "pip install git+https://github.com/SAP-samples/flextab",
    ...estimatorExamples("flextab", "FlexTabClassifier", "FlexTabRegressor"),
    `# Entity matching between two tables
from flextab import FlexTabMatcher
from flextab.utils.test_utils import load_febrl4

df_a, df_b, true_links = load_febrl4()
matcher = FlexTabMatcher(max_context_size=8192, bagging=1)
links = matcher.match(df_a, df_b)
print(links)`,
  ];
}

export function sap_rpt_one_oss(): string[] {
  return [
    "pip install git+https://github.com/SAP-samples/sap-rpt-1-oss",
    ...estimatorExamples("sap_rpt_oss", "SAP_RPT_OSS_Classifier", "SAP_RPT_OSS_Regressor"),
  ];
}
