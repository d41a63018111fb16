import fs from 'node:fs';
import path from 'node:path';
import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input';

/** public/preferences-init.js, run as the page's first script. */
const initScript = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/preferences-init.js'), 'utf8');

/** A controlled field, as the library's search box is. */
function SearchBox({ onType }: { onType: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <input
      id="search"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onType(e.target.value);
      }}
    />
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.drawn;
  delete window.__earlyInput;
});

describe('input made before a server-drawn page is hydrated', () => {
  it('is kept (and its default stopped) until the app starts, on controls only, never on links', () => {
    // The script's listeners stay on the document for the rest of this file: each test starts from an empty list.
    new Function(initScript)();
    document.body.innerHTML =
      '<div id="root"><button id="b">Add</button><div role="tab" id="t"><span id="inner">Stats</span></div><a href="/cards" id="a"><button id="in-link">x</button></a><p id="p">text</p><form id="f"><input id="q"><input id="pw" type="password"></form></div><script type="application/json" id="ssr-state">{}</script>';
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('b')).toBe(true);
    expect(click('inner')).toBe(true);
    expect(click('a')).toBe(false);
    expect(click('in-link')).toBe(false);
    expect(click('p')).toBe(false);
    // Typing: one entry per field, with its last value.
    const field = document.getElementById('q') as HTMLInputElement;
    for (const text of ['N', 'Na', 'Nami']) {
      field.value = text;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // Never a password.
    const password = document.getElementById('pw') as HTMLInputElement;
    password.value = 'secret';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.getElementById('f')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.__earlyInput!.map((e) => `${e.type}:${e.target.id}${e.value === undefined ? '' : `=${e.value}`}`)).toEqual(['click:b', 'click:t', 'input:q=Nami', 'submit:f']);

    // The app starts hydrating: React hears input itself from here on.
    document.documentElement.dataset.drawn = 'server';
    expect(click('b')).toBe(false);
    expect(window.__earlyInput).toHaveLength(4);
  });

  it('is not kept on a page the browser draws (no server state)', () => {
    window.__earlyInput = [];
    document.body.innerHTML = '<div id="root"><button id="b">Add</button></div>';
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('b')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(window.__earlyInput).toEqual([]);
  });

  it('is replayed once hydrated, in order, through React: presses then the click; a form submitted; a removed target skipped', async () => {
    const seen: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <>
          <button id="menu" onPointerDown={() => seen.push('menu:press')} onClick={() => seen.push('menu:click')}>
            Menu
          </button>
          <button id="add" onClick={() => seen.push('add:click')}>
            Add
          </button>
          <SearchBox onType={(text) => seen.push(`typed:${text}`)} />
          <form
            id="form"
            onSubmit={(e) => {
              e.preventDefault();
              seen.push('form:submit');
            }}
          />
        </>,
      ),
    );
    // One removed from the page, one React never adopted (a part still waiting for its code): both dropped.
    const gone = document.createElement('button');
    const stray = document.createElement('button');
    container.after(stray);
    const onOther = vi.fn();
    gone.addEventListener('click', onOther);
    stray.addEventListener('click', onOther);
    const el = (id: string) => document.getElementById(id)!;
    window.__earlyInput = [
      { type: 'click', target: el('add') },
      { type: 'click', target: gone },
      { type: 'click', target: stray },
      { type: 'click', target: el('menu') },
      { type: 'input', target: el('search'), value: 'Nami' },
      { type: 'submit', target: el('form') },
    ];
    let replayed = 0;
    await act(async () => {
      replayed = await replayEarlyInput(window, 120);
    });
    expect(replayed).toBe(4);
    expect(onOther).not.toHaveBeenCalled();
    expect(seen).toEqual(['add:click', 'menu:press', 'menu:click', 'typed:Nami', 'form:submit']);
    expect((el('search') as HTMLInputElement).value).toBe('Nami');
    // Once.
    expect(await replayEarlyInput()).toBe(0);
    root.unmount();
  });

  it('waits for the part of the page a tap was aimed at to be hydrated, then clicks it through React', async () => {
    const seen: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = '<button id="late">Late</button>';
    document.body.append(container);
    const late = document.getElementById('late')!;
    window.__earlyInput = [{ type: 'click', target: late }];
    const replay = replayEarlyInput(window, 5_000);
    // React adopts the server's element a moment later.
    await new Promise((resolve) => setTimeout(resolve, 120));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <button id="late" onClick={() => seen.push('late')}>
          Late
        </button>,
      );
    });
    expect(document.getElementById('late')).toBe(late);
    await act(async () => {
      expect(await replay).toBe(1);
    });
    expect(seen).toEqual(['late']);
    root!.unmount();
  });
});
