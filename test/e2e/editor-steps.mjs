// The e2e's editor steps (test/e2e/run.mjs): completion, the outline and breadcrumbs, go to definition
// across files, and the traffic lane of the write-ups' canary opened from its Service's lens. Every wait
// is on UI state; the timeouts only bound a wait on a busy machine.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** The write-ups' canary (examples/sessions): stable 9 and canary 1 behind Service `web`, alone in `canary/`. */
export function addCanaryFolder(root, workspace) {
  mkdirSync(path.join(workspace, 'canary'));
  for (const name of ['web-stable.yaml', 'web-canary.yaml', 'web-service.yaml'])
    copyFileSync(path.join(root, 'examples', 'sessions', name), path.join(workspace, 'canary', name));
}

/**
 * The page's helpers the steps share with run.mjs: `page`, `openFile(name)`, `goTo(':line:column')`,
 * `check(ok, what)`, `lap(message)`.
 */
export function editorSteps({ page, openFile, goTo, check, lap }) {
  const suggestion = (text) => page.locator('.editor-widget.suggest-widget.visible .monaco-list-row', { hasText: text }).first();
  // The sidebar and the first editor group: the part of the window a README picture shows.
  const editorArea = async () => {
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    const editor = await page.locator('.part.editor .editor-group-container').first().boundingBox();
    return { x: 0, y: 0, width: editor.x + editor.width, height: Math.max(sidebar.y + sidebar.height, editor.y + editor.height) };
  };

  // The mouse off the tabs and the text: no hover tooltip in the pictures.
  const restMouse = () => page.mouse.move(1200, 860);

  /** Field and enum-value completion in a container of web-statefulset.yaml, with the Outline view beside. */
  async function completionAndOutline(picture) {
    await openFile('web-statefulset.yaml');
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>Explorer: Focus on Outline View');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Focus on Outline View' }).first().waitFor();
    await page.keyboard.press('Enter');
    // The outline lists each YAML document as `Kind name`; the breadcrumbs name the object at the cursor.
    const outline = page.locator('.part.sidebar .monaco-list-row');
    await outline.filter({ hasText: 'Service nginx' }).first().waitFor({ timeout: 60_000 });
    await outline.filter({ hasText: 'StatefulSet web' }).first().waitFor();
    check(true, 'the Outline view lists the two documents: Service nginx and StatefulSet web');
    await goTo(':33');
    await page.locator('.monaco-breadcrumbs .monaco-breadcrumb-item', { hasText: 'StatefulSet web' }).first().waitFor({ timeout: 30_000 });
    check(true, 'the breadcrumbs name StatefulSet web at the container');
    // A field name: a new line in the container, a prefix, completion. Keys go where the focus is: first Go to Line
    // has put the cursor on line 33 and given the editor the focus back, and the new line is there before the prefix
    // is typed (a CI run once lost the Enter and typed the prefix into the image value, where "No suggestions." is
    // the right answer).
    const cursorOn = (line) => page.locator('.statusbar-item', { hasText: new RegExp(`\\bLn ${line}, Col`) }).first();
    await cursorOn(33).waitFor({ timeout: 30_000 });
    await page.locator('.part.editor .monaco-editor.focused').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await cursorOn(34).waitFor({ timeout: 30_000 });
    await page.keyboard.type('imagePullP');
    await page.keyboard.press('Control+Space');
    await suggestion('imagePullPolicy').waitFor({ timeout: 30_000 });
    check(true, 'completion offers the field imagePullPolicy in a container');
    // An enum value: the kubelet's default for a tagged image (IfNotPresent) among Always and Never.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('imagePullPolicy: ');
    await page.keyboard.press('Control+Space');
    for (const value of ['IfNotPresent', 'Always', 'Never']) await suggestion(value).waitFor({ timeout: 30_000 });
    const first = (await page.locator('.editor-widget.suggest-widget.visible .monaco-list-row').first().innerText()).replace(/\s+/g, ' ');
    check(/^IfNotPresent/.test(first), `completion of imagePullPolicy's values puts the default first: "${first}"`);
    // While "imagePullP" was typed the StatefulSet could not be read: the picture waits for the outline and the
    // breadcrumbs of the valid text again.
    await outline.filter({ hasText: 'StatefulSet web' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.monaco-breadcrumbs .monaco-breadcrumb-item', { hasText: 'StatefulSet web' }).first().waitFor({ timeout: 30_000 });
    await restMouse();
    if (picture) await page.screenshot({ path: picture, clip: await editorArea() });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+K'); // delete the line again; auto-save writes the file back
    await page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached', timeout: 30_000 });
    lap('completion and outline');
  }

  /** F12 on the canary Service's selector: a peek listing the Deployments it selects in the other files. */
  async function definitionFromSelector(picture) {
    await openFile('canary/web-service.yaml');
    await goTo(':8:4');
    await page.keyboard.press('F12');
    const references = page.locator('.reference-zone-widget .ref-tree .monaco-list-row');
    await references.filter({ hasText: 'web-stable.yaml' }).first().waitFor({ timeout: 30_000 });
    await references.filter({ hasText: 'web-canary.yaml' }).first().waitFor();
    const files = (await references.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    check(true, `go to definition on the Service's selector peeks at the Deployments it selects: ${JSON.stringify(files)}`);
    await restMouse();
    if (picture) await page.screenshot({ path: picture, clip: await editorArea() });
    await page.keyboard.press('Escape');
    lap('go to definition');
  }

  /** The Service's "Preview traffic" lens: the preview pinned to a track, its lane splitting 90/10 between the two. */
  async function canaryTraffic(picture) {
    await openFile('canary/web-service.yaml');
    const lens = page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Preview traffic' }).first();
    await lens.waitFor({ timeout: 60_000 });
    const title = await lens.innerText();
    check(/web-stable/.test(title) && /web-canary/.test(title), `the Service's lens names both tracks: "${title}"`);
    await lens.click();
    const webview = page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
    // The first workload behind the Service, in a file no editor shows: the preview opens on it, pinned.
    await webview.locator('h1', { hasText: /web-(stable|canary)/ }).waitFor({ timeout: 60_000 });
    await webview.locator('button.pin[aria-pressed="true"]').waitFor({ timeout: 10_000 });
    check(true, `the traffic lens opened the preview of ${await webview.locator('h1').innerText()}, pinned`);
    await webview.getByRole('button', { name: 'Last step' }).click();
    const lane = webview.locator('.traffic-service').first();
    await lane.locator('.traffic-name', { hasText: '10 ready of 10 endpoints' }).waitFor({ timeout: 30_000 });
    const name = await lane.locator('.traffic-name').innerText();
    const legend = (await lane.locator('.traffic-legend').innerText()).replace(/\s+/g, ' ');
    check(/^Service web 10 ready of 10 endpoints$/.test(name), `lane: "${name}"`);
    check(
      /90% web-stable-\w+ .*9 endpoints/.test(legend) && /10% web-canary-\w+ .*1 endpoint\b/.test(legend),
      `the lane splits 90/10 between the stable track and the canary: "${legend}"`,
    );
    if (picture) await webview.locator('.traffic').screenshot({ path: picture });
    lap('canary traffic lane');
  }

  return { completionAndOutline, definitionFromSelector, canaryTraffic };
}
