// The small fixed text the tiny models' tokenizers are built from: the byte-level BPE learns its merges from it and
// the WordPiece vocabulary takes its words. Changing it changes the seed's files (and so their hashes).
export const TINY_CORPUS = `Hubkit is a hub for models, datasets and spaces that runs on your own machine.
These tiny models have random weights. They are here so that a first try of the hub works offline:
download a model, load it with transformers, run a pipeline, clone it with git, and read its files.
The text they write means nothing, because nothing was learned. The shapes, the tokenizer and the files are real.
A model card tells what a model is, who made it, how it was trained, and what it should be used for.
The hub keeps every file in git, large files in LFS storage, and answers the same API as the hosted hub.
Hello, my name is Hubkit and I am a tiny language model. The capital of France is Paris.
The quick brown fox jumps over the lazy dog. One, two, three, four, five, six, seven, eight, nine, ten.
`;
