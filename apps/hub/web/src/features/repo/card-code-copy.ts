// A copy button for each code block of a rendered card: in a bar above the code (never over its text), a real
// button (keyboard reachable), and a polite live region that announces "Copied". Added after sanitising, so the
// card's own HTML can never bring a button of its own.

/** Wraps every `pre` under `root` with a bar holding its language and a Copy button. */
export function addCopyButtons(root: ParentNode): void {
  for (const pre of root.querySelectorAll("pre")) {
    if (pre.parentElement?.classList.contains("card-code")) continue;
    const code = pre.querySelector("code");
    const language = code ? /(?:^|\s)language-([\w-]+)/.exec(code.className)?.[1] : undefined;
    const wrapper = document.createElement("div");
    wrapper.className = "card-code";
    const bar = document.createElement("div");
    bar.className = "card-code-bar";
    const name = document.createElement("span");
    name.className = "muted small";
    name.textContent = language ?? "";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card-copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", language ? `Copy the ${language} code` : "Copy the code");
    const status = document.createElement("span");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    button.addEventListener("click", () => {
      const text = pre.textContent ?? "";
      const done = (message: string) => {
        button.textContent = message;
        status.textContent = message;
        setTimeout(() => {
          button.textContent = "Copy";
          status.textContent = "";
        }, 2000);
      };
      // No clipboard outside a secure context (a hub reached over plain http by another name than localhost).
      const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error("no clipboard"));
      write.then(
        () => done("Copied"),
        () => done("Copy failed"),
      );
    });
    bar.append(name, button, status);
    pre.replaceWith(wrapper);
    wrapper.append(bar, pre);
  }
}
