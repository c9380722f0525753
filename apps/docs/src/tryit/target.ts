import { addedTargets, addTarget, forgetTarget, opened, parseAddress } from './added.js';
import { type Kind, LOCAL_ADDRESS, type TargetChoice, type TryitConfig } from './config.js';
import { keyFor, read, setKeyFor, setScope, write } from './state.js';
import { field, h, uid } from './ui.js';

/** Where calls go, and with which key: the configured hosted servers, or a local one (localhost, any port). */
const ADD = 'add';

export class TargetPicker {
  readonly element: HTMLElement;
  private select = h('select', { name: 'target' });
  private address = h('input', {
    type: 'url',
    name: 'address',
    inputmode: 'url',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  private key = h('input', {
    type: 'text',
    name: 'api-key',
    autocomplete: 'off',
    spellcheck: 'false',
    list: uid('keys'),
  });
  private addressField: HTMLElement;
  private adding: HTMLElement;
  private forget: HTMLElement;
  private targets: TargetChoice[];
  private keyHint: HTMLElement;
  private targetHint: HTMLElement;
  private listeners: (() => void)[] = [];

  constructor(
    private config: TryitConfig,
    suggestedKey?: string,
  ) {
    this.targets = [
      ...config.targets,
      ...(config.control_page ? addedTargets().filter((t) => t.kind === 'sandbox') : addedTargets()),
    ];
    for (const t of this.targets) this.select.append(h('option', { value: t.id }, t.label));
    this.select.append(h('option', { value: ADD }, 'Another address: add one by hand'));
    const saved = read('target');
    if (saved && this.targets.some((t) => t.id === saved)) this.select.value = saved;
    const keys = h(
      'datalist',
      { id: this.key.getAttribute('list') ?? '' },
      ...config.keys.map((k) => h('option', { value: k })),
    );
    this.addressField = field(
      'Address of your local server',
      this.address,
      'http://localhost:<port> (or 127.0.0.1): where tas-sandbox or tas-mock listens',
    );
    const keyField = field('API key', this.key, ' ');
    this.keyHint = keyField.querySelector('small') as HTMLElement;
    // A phone's select shows the start of a long label only: the whole address is said under it, wrapping.
    const targetField = field('Target', this.select, ' ');
    this.targetHint = targetField.querySelector('small') as HTMLElement;
    this.adding = this.addForm();
    this.forget = h('button', { type: 'button', class: 'tas-helper' }, 'Forget this address');
    this.forget.addEventListener('click', () => {
      forgetTarget(this.choice.id, opened);
      write('target', undefined);
      location.reload();
    });
    this.element = h(
      'div',
      { class: 'tas-target' },
      targetField,
      this.adding,
      this.addressField,
      keyField,
      keys,
      this.forget,
    );
    this.select.addEventListener('change', () => this.changed(suggestedKey));
    this.address.addEventListener('change', () => write(`address:${this.choice.id}`, this.address.value.trim()));
    this.key.addEventListener('input', () => {
      setKeyFor(this.kind, this.key.value);
      this.scoped();
    });
    this.address.addEventListener('input', () => this.scoped());
    this.changed(suggestedKey);
  }

  get choice(): TargetChoice {
    return this.targets.find((t) => t.id === this.select.value) ?? (this.targets[0] as TargetChoice);
  }

  /**
   * Adding an address: where the key will go said before it is added; the page loads again under a
   * policy that allows it (and this panel opens again).
   */
  private addForm(): HTMLElement {
    const input = h('input', {
      type: 'url',
      name: 'added-address',
      inputmode: 'url',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'http://192.168.1.50:4020',
    });
    const kinds = h(
      'fieldset',
      { class: 'tas-choices' },
      h('legend', {}, 'It is'),
      h('label', {}, h('input', { type: 'radio', name: 'added-kind', value: 'sandbox', checked: true }), ' a sandbox'),
      this.config.control_page
        ? undefined
        : h('label', {}, h('input', { type: 'radio', name: 'added-kind', value: 'mock' }), ' a mock'),
    );
    const said = h('p', { class: 'tas-problem', role: 'alert', hidden: true });
    const allow = h('button', { type: 'button', class: 'tas-helper' }, 'Allow this address and reload the page');
    allow.addEventListener('click', () => {
      const url = parseAddress(input.value);
      if (typeof url === 'string') {
        said.textContent = url;
        said.hidden = false;
        return;
      }
      const kind = ((kinds.querySelector('input:checked') as HTMLInputElement | null)?.value ?? 'sandbox') as Kind;
      write('target', addTarget(url, kind, opened));
      location.reload();
    });
    return h(
      'fieldset',
      { class: 'tas-add', hidden: true },
      h('legend', {}, 'Another address'),
      field(
        'Address of the server',
        input,
        "Where the partner's sandbox (or mock) answers, with its path prefix if it has one.",
      ),
      kinds,
      h(
        'p',
        { class: 'tas-hint tas-key-goes' },
        'Every request you send from this page to that address carries the API key you give below, in its API-KEY header. Add only a server you trust: yours, or the one your operator named. It is kept in this browser, for your next visits too, until you choose Forget this address; never taken from a link. The page loads again to allow it.',
      ),
      said,
      allow,
    );
  }
  get kind(): Kind {
    return this.choice.kind;
  }
  /** The chosen base URL, or an error for a local address that is not http://localhost:<port>. */
  url(): string {
    if (this.select.value === ADD) throw new Error('Add the address first (Allow this address), or choose a target.');
    const t = this.choice;
    if (!t.local) return t.url;
    const value = this.address.value.trim().replace(/\/+$/, '');
    const m = LOCAL_ADDRESS.exec(value);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535)
      throw new Error(
        `"${value}" is not an address on this machine: give http://localhost:<port> (or http://127.0.0.1:<port>), or choose "Another address" to add it`,
      );
    return value;
  }
  apiKey(): string {
    return this.key.value.trim();
  }
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
  setKey(key: string): void {
    this.key.value = key;
    setKeyFor(this.kind, key);
    this.scoped();
  }

  /** The environment of this target and key (src/tryit/state.ts). */
  private scoped(): void {
    const t = this.choice;
    setScope(`${t.id}|${t.local ? this.address.value.trim() : t.url}|${this.key.value.trim()}`);
  }

  private changed(suggestedKey?: string): void {
    const adding = this.select.value === ADD;
    this.adding.hidden = !adding;
    this.forget.hidden = adding || !this.choice.id.startsWith('added:');
    const t = this.choice;
    if (!adding) write('target', t.id);
    this.addressField.hidden = !t.local || adding;
    this.address.value = read(`address:${t.id}`) ?? t.url;
    this.key.value = keyFor(t.kind) ?? (t.kind === 'sandbox' ? (suggestedKey ?? this.config.keys[0] ?? '') : 'any-key');
    this.targetHint.textContent = adding
      ? 'Add the address below: the page loads again to allow it.'
      : t.local
        ? 'A server on this machine, at the address below.'
        : `Sends to ${t.url}`;
    // Where the key goes, said where it is typed.
    const where = adding ? 'the address you add above' : t.local ? 'the server on this machine' : t.url;
    this.keyHint.textContent = `${
      t.kind === 'sandbox'
        ? `The sandbox's keys: ${this.config.keys.join(' (SMS codes), ')} (instant).`
        : 'The mock takes any key.'
    } Sent only to ${where}, in the API-KEY header; the key is kept for this tab only.`;
    this.scoped();
    for (const l of this.listeners) l();
  }
}
