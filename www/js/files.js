// Files the user saves from the page and opens in it: a download of text, and a button that
// opens the file chooser of a hidden file input (so that the keyboard reaches it like any
// button) and hands over the chosen file's text.

/** Saves `text` as a JSON file called `name` (the browser's download). */
export function saveJson(name, text) {
  saveText(name, text, 'application/json');
}

/** Saves `text` as a file called `name` of the media type `type` (the browser's download). */
export function saveText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Makes `button` open the chooser of the file input `input`; `use(text, name)` gets the text and
 * name of each file chosen (the input is emptied, so the same file can be chosen again).
 */
export function openFileWith(button, input, use) {
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files[0];
    input.value = '';
    if (file) await use(await file.text(), file.name);
  });
}
