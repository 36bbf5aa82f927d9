// A stand-in of the Foundry VTT API, as far as the impi module uses it, that
// records what the module did. It keeps Foundry's rules that matter here:
//
//   - a scene's dimensions: the scene rectangle inside its padding, each
//     side's padding rounded up to whole grid squares;
//   - a document's flags are read by anyone who is sent the document; a
//     scene, its tokens and drawings (hidden ones too) and the world's
//     settings are sent to every user;
//   - a journal entry is sent to a user who may at least see it (LIMITED),
//     a GM seeing every one;
//   - a whispered chat message is sent to its author and recipients only.
//
// viewAs(user) is what that user's client holds: a player's view must hold
// none of the umpire's secrets.
//
// Dialogs are answered by `standin.answer(dialog)`, a function the test sets:
// given {title, content, buttons: {key: label}} it returns {button, values}
// (values by input name) or null (closed).

const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };

let serial = 0;
const newId = (prefix) => `${prefix}${String(++serial).padStart(6, "0")}`;

// Sets a dotted key ("flags.impi.id") of an object.
function setPath(object, path, value) {
  const keys = path.split(".");
  let at = object;
  for (const k of keys.slice(0, -1)) at = at[k] ??= {};
  at[keys.at(-1)] = value;
}

// Foundry's update: objects merged, "a.b" keys set, "-=key" deleted.
function merge(target, changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (key.includes(".")) {
      setPath(target, key, structuredClone(value));
    } else if (key.startsWith("-=")) {
      delete target[key.slice(2)];
    } else if (value && typeof value === "object" && !Array.isArray(value) &&
               target[key] && typeof target[key] === "object" && !Array.isArray(target[key])) {
      merge(target[key], value);
    } else {
      target[key] = structuredClone(value);
    }
  }
}

class Doc {
  constructor(type, data, standin) {
    this.documentName = type;
    this.standin = standin;
    this.data = { _id: newId(type.slice(0, 3).toLowerCase()), flags: {}, ...structuredClone(data) };
    // A document's fields read as its properties (token.x, drawing.text).
    return new Proxy(this, { get: (doc, key, self) => (key in doc ? Reflect.get(doc, key, self) : doc.data[key]) });
  }
  get id() { return this.data._id; }
  get _id() { return this.data._id; }
  get name() { return this.data.name; }
  get flags() { return this.data.flags; }
  toObject() { return structuredClone(this.data); }
  getFlag(scope, key) { return this.data.flags?.[scope]?.[key]; }
  async setFlag(scope, key, value) { return this.update({ [`flags.${scope}.${key}`]: value }); }
  async unsetFlag(scope, key) {
    delete this.data.flags?.[scope]?.[key];
    this.standin.record(`${this.documentName}.unsetFlag`, { id: this.id, scope, key });
    return this;
  }
  async update(changes) {
    merge(this.data, changes);
    this.standin.record(`${this.documentName}.update`, { id: this.id, changes });
    return this;
  }
  // Foundry's ownership: a GM may do anything; others by the document's
  // ownership of them, else its default.
  testUserPermission(user, level) {
    if (user.isGM) return true;
    const own = this.data.ownership ?? {};
    return (own[user.id] ?? own.default ?? LEVELS.NONE) >= LEVELS[level];
  }
}

// A collection: an array of documents with get(id).
class Collection extends Array {
  get(id) { return this.find((d) => d.id === id); }
  static get [Symbol.species]() { return Array; }
}

class Scene extends Doc {
  constructor(data, standin) {
    super("Scene", { width: 4000, height: 3000, padding: 0.25,
                     grid: { type: 1, size: 100, distance: 5, units: "ft" }, ...data }, standin);
    this.tokens = new Collection();
    this.drawings = new Collection();
  }
  get dimensions() {
    const size = Number(this.data.grid.size);
    const padX = Math.ceil((this.data.padding * this.data.width) / size) * size;
    const padY = Math.ceil((this.data.padding * this.data.height) / size) * size;
    return {
      size, distance: this.data.grid.distance,
      width: this.data.width + 2 * padX, height: this.data.height + 2 * padY,
      sceneX: padX, sceneY: padY, sceneWidth: this.data.width, sceneHeight: this.data.height,
    };
  }
  collection(type) {
    if (type === "Token") return this.tokens;
    if (type === "Drawing") return this.drawings;
    throw new Error(`the stand-in has no embedded ${type}`);
  }
  async createEmbeddedDocuments(type, list) {
    const made = list.map((data) => new Doc(type, { width: 1, height: 1, ...data }, this.standin));
    this.collection(type).push(...made);
    this.standin.record(`${type}.create`, { scene: this.id, data: list });
    return made;
  }
  async updateEmbeddedDocuments(type, list) {
    for (const u of list) {
      const doc = this.collection(type).get(u._id);
      if (!doc) throw new Error(`no ${type} ${u._id}`);
      const { _id, ...changes } = u;
      merge(doc.data, changes);
    }
    this.standin.record(`${type}.update`, { scene: this.id, data: list });
    return list;
  }
  async deleteEmbeddedDocuments(type, ids) {
    const all = this.collection(type);
    for (const id of ids) {
      const k = all.findIndex((d) => d.id === id);
      if (k < 0) throw new Error(`no ${type} ${id}`);
      all.splice(k, 1);
    }
    this.standin.record(`${type}.delete`, { scene: this.id, ids });
    return ids;
  }
  toObject() {
    return { ...structuredClone(this.data), tokens: this.tokens.map((t) => t.toObject()),
             drawings: this.drawings.map((d) => d.toObject()) };
  }
}

// A tiny element: what the module builds for the token HUD.
class Element {
  constructor(tag) {
    this.tag = tag;
    this.children = [];
    this.listeners = {};
    this.classList = { names: new Set(), add: (...n) => n.forEach((c) => this.classList.names.add(c)) };
    this.title = "";
    this.textContent = "";
  }
  append(...nodes) { this.children.push(...nodes); }
  addEventListener(kind, fn) { (this.listeners[kind] ??= []).push(fn); }
  click() { for (const fn of this.listeners.click ?? []) fn({}); }
  querySelector(selector) {
    if (selector === ".col.right") return this.right;
    return null;
  }
}

export function installFoundry() {
  const standin = {
    log: [],
    record(what, detail) { this.log.push({ what, user: this.game.user.id, ...detail }); },
    answer: () => null,
    dialogs: [],
  };
  const users = [
    { id: "gm0000000000001", name: "Gamemaster", isGM: true },
    { id: "pl0000000000001", name: "A player", isGM: false },
  ];
  const settings = new Map();
  const journal = new Collection();
  const messages = [];
  const hooks = new Map();
  const onceHooks = new Map();
  const modules = new Map([["impi", { id: "impi", active: true }]]);

  const game = {
    users,
    user: users[0],
    journal,
    messages,
    scenes: new Collection(),
    actors: new Collection(),
    modules,
    settings: {
      register(scope, key, spec) { settings.set(`${scope}.${key}`, { ...spec, value: spec.default }); },
      get(scope, key) {
        const s = settings.get(`${scope}.${key}`);
        if (!s) throw new Error(`setting ${scope}.${key} is not registered`);
        return s.value;
      },
      async set(scope, key, value) { settings.get(`${scope}.${key}`).value = value; },
      registered: settings,
    },
  };
  standin.game = game;

  globalThis.game = game;
  globalThis.CONST = { DOCUMENT_OWNERSHIP_LEVELS: LEVELS };
  globalThis.canvas = { scene: null };
  globalThis.ui = {
    notifications: {
      errors: [],
      error(text) { this.errors.push(text); standin.record("notification.error", { text }); },
      info(text) { standin.record("notification.info", { text }); },
    },
  };
  globalThis.document = { createElement: (tag) => new Element(tag) };
  globalThis.Hooks = {
    on(name, fn) { (hooks.get(name) ?? hooks.set(name, []).get(name)).push(fn); },
    once(name, fn) { (onceHooks.get(name) ?? onceHooks.set(name, []).get(name)).push(fn); },
    call(name, ...args) {
      for (const fn of hooks.get(name) ?? []) if (fn(...args) === false) return false;
      return true;
    },
    callAll(name, ...args) {
      for (const fn of onceHooks.get(name) ?? []) fn(...args);
      onceHooks.delete(name);
      for (const fn of hooks.get(name) ?? []) fn(...args);
    },
  };
  globalThis.JournalEntry = {
    async create(data) {
      const entry = new Doc("JournalEntry", data, standin);
      journal.push(entry);
      standin.record("JournalEntry.create", { data });
      return entry;
    },
  };
  globalThis.ChatMessage = {
    async create(data) {
      const message = { _id: newId("msg"), author: game.user.id, whisper: [], ...structuredClone(data) };
      messages.push(message);
      standin.record("ChatMessage.create", { data });
      return message;
    },
  };
  globalThis.Dialog = class {
    constructor(data) { this.data = data; }
    render() {
      const shown = {
        title: this.data.title, content: this.data.content,
        buttons: Object.fromEntries(Object.entries(this.data.buttons).map(([k, b]) => [k, b.label])),
      };
      standin.dialogs.push(shown);
      standin.record("Dialog.render", { title: shown.title, buttons: shown.buttons });
      queueMicrotask(() => {
        const reply = standin.answer(shown);
        if (!reply) return this.data.close?.();
        const html = [{ querySelector: (sel) => {
          const name = /\[name="([^"]+)"\]/.exec(sel)?.[1];
          return name in (reply.values ?? {}) ? { value: String(reply.values[name]) } : null;
        } }];
        this.data.buttons[reply.button].callback(html);
      });
      return this;
    }
  };

  // A new scene, the one on the canvas.
  standin.newScene = (name) => {
    const scene = new Scene({ name }, standin);
    game.scenes.push(scene);
    globalThis.canvas.scene = scene;
    return scene;
  };

  // A user typing in chat: the module's hook sees it first.
  standin.chat = (text) => Hooks.call("chatMessage", {}, text, {});

  // The token HUD of a token drawn: its impi button, if any.
  standin.hudButton = (token) => {
    const html = new Element("form");
    html.right = new Element("div");
    Hooks.callAll("renderTokenHUD", { object: { document: token } }, [html], token.toObject());
    return html.right.children.find((b) => b.classList.names.has("impi-unit")) ?? null;
  };

  // What a user's client holds (Foundry's rules above).
  standin.viewAs = (user) => ({
    scenes: game.scenes.map((s) => s.toObject()),
    settings: Object.fromEntries([...settings].map(([k, s]) => [k, s.value])),
    journal: journal.filter((j) => j.testUserPermission(user, "LIMITED")).map((j) => j.toObject()),
    messages: messages.filter((m) => m.whisper.length === 0 || m.author === user.id ||
                                     m.whisper.includes(user.id)),
  });

  return standin;
}
