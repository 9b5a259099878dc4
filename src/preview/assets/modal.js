/*
 * The modals the bot opens, drawn as Slack draws them (loaded before preview.js, whose helpers it uses
 * when called: el, emoji, textObject, block, post). The server keeps each person's stack of views
 * (src/preview/modal-desk.ts) and the page shows its top one: its close button ("Back", "Cancel")
 * closes it and the one under it shows again; the ✕ closes them all. Each input element the bot uses
 * (a users_select as a picker of the workspace's people, the view's `people`) is drawn from its initial value and read back in Slack's payload shape (an optional one left empty:
 * null, or an empty list); a required one left empty is refused before it is sent, as Slack refuses
 * it. What is typed is kept while a view is under another and across an update that keeps the
 * input's block_id and action_id, as Slack keeps it. A date and time is shown on the kennel's clock
 * (the page's data-timezone), a date in the kennel's order (its data-date-order: KENNEL_DATE_ORDER,
 * 29/03/2026 day first, 03/29/2026 month first) and a time on 24 hours, whatever the browser's
 * language would show; one typed that is not a date or a time is refused before it is sent, saying
 * what is wrong with it (typed.js, loaded before this). Text is only ever set as text.
 */
var modalShown = "";
var modalView = null;
var modalInputs = [];
/** What was typed in each view still open, by view id, then "block_id/action_id". */
var modalKept = {};
var ZONE = document.body.dataset.timezone || "UTC";
var REQUIRED = "Please complete this required field.";
var DATE_ORDER = document.body.dataset.dateOrder === "mdy" ? "mdy" : "dmy";
var DATE_FORM = DATE_ORDER === "mdy" ? "mm/dd/yyyy" : "dd/mm/yyyy";
var choiceGroups = 0;
/** The workspace's people (the view's `people`, from the stand-in): what a users_select lists. */
var modalPeople = [];

/** A moment's date and time on the kennel's clock. */
function zoneWall(ms) {
  var p = {};
  new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(ms))
    .forEach(function (x) { p[x.type] = x.value; });
  return { date: p.year + "-" + p.month + "-" + p.day, time: p.hour + ":" + p.minute };
}
/** Epoch seconds of a date and a time on the kennel's clock. */
function zoneSeconds(date, time) {
  var want = Date.parse(date + "T" + time + ":00Z");
  var ms = want;
  for (var i = 0; i < 3; i++) {
    var w = zoneWall(ms);
    ms += want - Date.parse(w.date + "T" + w.time + ":00Z");
  }
  return Math.floor(ms / 1000);
}
/** An element's initial value, in the shape Slack sends its state. */
function initialState(e) {
  switch (e.type) {
    case "plain_text_input": return { value: e.initial_value || null };
    case "static_select": case "radio_buttons": return { selected_option: e.initial_option || null };
    case "multi_static_select": case "checkboxes": return { selected_options: e.initial_options || [] };
    case "datepicker": return { selected_date: e.initial_date || null };
    case "timepicker": return { selected_time: e.initial_time || null };
    case "datetimepicker": return { selected_date_time: e.initial_date_time || null };
    case "users_select": return { selected_user: e.initial_user || null };
    default: return {};
  }
}
function isEmpty(s) {
  var v = s.value !== undefined ? s.value : s.selected_option !== undefined ? s.selected_option
    : s.selected_options !== undefined ? s.selected_options : s.selected_date !== undefined ? s.selected_date
    : s.selected_time !== undefined ? s.selected_time : s.selected_user !== undefined ? s.selected_user
    : s.selected_date_time;
  return v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}
function optionText(o) { return emoji((o.text && o.text.text) || o.value); }
function chosenOf(options, values) {
  return values.map(function (v) { return options.filter(function (o) { return o.value === v; })[0]; })
    .filter(function (o) { return o; });
}
/** A select of the options, the chosen one selected; the first entry says what to do. */
function selectOf(options, first, chosen, label) {
  var s = el("select");
  s.setAttribute("aria-label", label);
  s.appendChild(el("option", "", first)).value = "";
  options.forEach(function (o) {
    var opt = el("option", "", optionText(o));
    opt.value = o.value;
    if (chosen === o.value) opt.selected = true;
    s.appendChild(opt);
  });
  return s;
}
function placeholderOf(e, fallback) { return e.placeholder ? emoji(e.placeholder.text) : fallback; }

/** A multi-select as Slack draws it: the chosen ones as pills (✕ removes one), a select adding more. */
function multiSelect(e, state, label, node) {
  var options = e.options || [];
  var chosen = (state.selected_options || []).map(function (o) { return o.value; });
  var pills = node.appendChild(el("div", "pills"));
  var add = null;
  function draw() {
    pills.textContent = "";
    chosenOf(options, chosen).forEach(function (o) {
      var pill = pills.appendChild(el("span", "pill", optionText(o)));
      var x = pill.appendChild(el("button", "", "✕"));
      x.type = "button";
      x.setAttribute("aria-label", "Remove " + optionText(o));
      x.addEventListener("click", function () { chosen.splice(chosen.indexOf(o.value), 1); draw(); });
    });
    var left = options.filter(function (o) { return chosen.indexOf(o.value) < 0; });
    var next = selectOf(left, chosen.length ? "Add…" : placeholderOf(e, "Choose…"), "", label);
    next.disabled = !left.length || (e.max_selected_items > 0 && chosen.length >= e.max_selected_items);
    next.addEventListener("change", function () { if (next.value) { chosen.push(next.value); draw(); } });
    if (add) node.replaceChild(next, add); else node.appendChild(next);
    add = next;
  }
  draw();
  return function () { return { selected_options: chosenOf(options, chosen) }; };
}
/** Checkboxes or radio buttons: each option with its label and description. */
function choices(e, state, label, node) {
  var multi = e.type === "checkboxes";
  var group = node.appendChild(el("div", "choices"));
  group.setAttribute("role", multi ? "group" : "radiogroup");
  group.setAttribute("aria-label", label);
  var name = "choice" + (++choiceGroups);
  var on = multi ? (state.selected_options || []).map(function (o) { return o.value; })
    : state.selected_option ? [state.selected_option.value] : [];
  var boxes = (e.options || []).map(function (o) {
    var row = group.appendChild(el("label", "choice"));
    var box = row.appendChild(el("input"));
    box.type = multi ? "checkbox" : "radio";
    box.name = name;
    box.value = o.value;
    box.checked = on.indexOf(o.value) >= 0;
    var words = row.appendChild(el("span"));
    textObject(o.text, words);
    if (o.description) words.appendChild(textObject(o.description, el("div", "hint")));
    return { o: o, box: box };
  });
  return function () {
    var picked = boxes.filter(function (b) { return b.box.checked; }).map(function (b) { return b.o; });
    return multi ? { selected_options: picked } : { selected_option: picked[0] || null };
  };
}
/**
 * A box for a date (in the kennel's order) or a time (24 hours), with its value (ISO, hh:mm): a text
 * box, as the browser's own would show its language's order and clock.
 */
function picker(type, value, label, node) {
  var i = node.appendChild(el("input", type));
  i.type = "text";
  i.inputMode = "numeric";
  i.value = type === "date" ? dateShown(value) : value || "";
  i.placeholder = type === "date" ? DATE_FORM : "hh:mm (24 hours)";
  i.setAttribute("aria-label", label + " (" + i.placeholder + ")");
  /** Its value as Slack sends it: ISO or hh:mm, null when empty or not a date or a time. */
  i.typed = function () { return (type === "date" ? dateTyped(i.value) : timeTyped(i.value)) || null; };
  /** What is wrong with what is typed, in words ("" when nothing): typed.js. */
  i.wrong = function () {
    if ((type === "date" ? dateTyped(i.value) : timeTyped(i.value)) !== null) return "";
    return type === "date" ? dateWrong(i.value) : timeWrong(i.value);
  };
  return i;
}
/** What is wrong in the date and time boxes given, in words ("" when nothing). */
function wrongIn(boxes) {
  return boxes.map(function (b) { return b.wrong(); }).filter(Boolean)[0] || "";
}
/** Draws an input element in `node` from its state (Slack's shape); answers a reader of its state. */
function inputElement(e, state, label, node) {
  var t = e.type;
  if (t === "plain_text_input") {
    var text = node.appendChild(el(e.multiline ? "textarea" : "input"));
    text.value = state.value || "";
    if (e.max_length) text.maxLength = e.max_length;
    if (e.min_length) text.minLength = e.min_length;
    if (e.placeholder) text.placeholder = emoji(e.placeholder.text);
    text.setAttribute("aria-label", label);
    return function () { return { value: text.value === "" ? null : text.value }; };
  }
  if (t === "static_select") {
    var s = node.appendChild(selectOf(e.options || [], placeholderOf(e, "Choose…"),
      state.selected_option ? state.selected_option.value : "", label));
    return function () { return { selected_option: chosenOf(e.options || [], [s.value])[0] || null }; };
  }
  if (t === "users_select") {
    // Slack's picker of the workspace's members: each by the name Slack shows, sent as their id.
    var people = modalPeople.map(function (p) { return { text: { type: "plain_text", text: p.name }, value: p.id }; });
    var u = node.appendChild(selectOf(people, placeholderOf(e, "Choose someone…"), state.selected_user || "", label));
    return function () { return { selected_user: u.value || null }; };
  }
  if (t === "multi_static_select") return multiSelect(e, state, label, node);
  if (t === "checkboxes" || t === "radio_buttons") return choices(e, state, label, node);
  if (t === "datepicker") {
    var d = picker("date", state.selected_date, label, node);
    return withCheck(function () { return { selected_date: d.typed() }; }, [d]);
  }
  if (t === "timepicker") {
    var tp = picker("time", state.selected_time, label, node);
    return withCheck(function () {
      var v = { selected_time: tp.typed() };
      if (e.timezone) v.timezone = e.timezone;
      return v;
    }, [tp]);
  }
  if (t === "datetimepicker") {
    var at = state.selected_date_time;
    var wall = at ? zoneWall(Number(at) * 1000) : { date: "", time: "" };
    var row = node.appendChild(el("div", "when-row"));
    var day = picker("date", wall.date, label + ": date", row);
    var hour = picker("time", wall.time, label + ": time", row);
    row.appendChild(el("span", "zone", ZONE.replace(/_/g, " ")));
    return withCheck(function () {
      var date = day.typed();
      var time = hour.typed();
      if (!date || !time) return { selected_date_time: null };
      // Untouched, it is the moment it was given (to the second); changed, the minute chosen.
      if (at && date === wall.date && time === wall.time) return { selected_date_time: Number(at) };
      return { selected_date_time: zoneSeconds(date, time) };
    }, [day, hour]);
  }
  node.appendChild(el("div", "hint", "[" + t + "]"));
  return null;
}
/** A reader of an element's state that can say what is wrong in its date and time boxes (`wrong`). */
function withCheck(read, boxes) {
  read.wrong = function () { return wrongIn(boxes); };
  return read;
}
/** The values typed in the view shown, by block_id then action_id, as Slack's view.state.values. */
function modalValues() {
  var values = {};
  modalInputs.forEach(function (x) {
    var v = x.read();
    v.type = x.e.type;
    values[x.b.block_id] = values[x.b.block_id] || {};
    values[x.b.block_id][x.e.action_id] = v;
  });
  return values;
}
/** Keeps what is typed in the view going out of sight (under another, or updated). */
function keepTyped() {
  if (!modalView) return;
  var values = modalValues();
  var keep = {};
  Object.keys(values).forEach(function (b) {
    Object.keys(values[b]).forEach(function (a) { keep[b + "/" + a] = values[b][a]; });
  });
  modalKept[modalView.id] = keep;
}
function inputBlock(b, viewId) {
  var f = el("div", "field");
  f.dataset.blockId = b.block_id || "";
  var e = b.element || {};
  var label = textObject(b.label, el("label"));
  if (b.optional) label.appendChild(el("span", "optional", " (optional)"));
  f.appendChild(label);
  var kept = (modalKept[viewId] || {})[b.block_id + "/" + e.action_id];
  var state = kept && kept.type === e.type ? kept : initialState(e);
  var read = inputElement(e, state, b.label ? b.label.text : "", f);
  if (b.hint) f.appendChild(textObject(b.hint, el("div", "hint")));
  var err = f.appendChild(el("div", "err"));
  if (read) modalInputs.push({ b: b, e: e, read: read, err: err });
  return f;
}
/** The modal shown (the top of the person's stack, `depth` views in it), or none. */
function renderModal(m) {
  var root = document.getElementById("modal");
  if (!m) {
    root.classList.remove("open");
    root.textContent = "";
    modalShown = "";
    modalView = null;
    modalInputs = [];
    modalKept = {};
    return;
  }
  if (modalShown === m.id + ":" + m.version) return;
  keepTyped();
  modalShown = m.id + ":" + m.version;
  modalView = m;
  modalPeople = Array.isArray(m.people) ? m.people : [];
  modalInputs = [];
  root.textContent = "";
  var box = el("div", "box");
  box.setAttribute("role", "dialog");
  box.dataset.viewId = m.id;
  box.dataset.depth = String(m.depth || 1);
  var head = box.appendChild(el("div", "head"));
  var title = textObject(m.view.title, el("h2"));
  head.appendChild(title);
  box.setAttribute("aria-label", title.textContent);
  var x = head.appendChild(el("button", "x", "✕"));
  x.setAttribute("aria-label", "Close");
  x.addEventListener("click", function () { post("/preview/cancel", { viewId: m.id, all: true }); });
  (m.view.blocks || []).forEach(function (b) {
    box.appendChild(b.type === "input" ? inputBlock(b, m.id) : block(b, { view: m }));
  });
  var general = box.appendChild(el("div", "err"));
  var buttons = box.appendChild(el("div", "buttons"));
  var close = buttons.appendChild(el("button", "bk-button", emoji((m.view.close && m.view.close.text) || "Cancel")));
  close.addEventListener("click", function () { post("/preview/cancel", { viewId: m.id }); });
  if (m.view.submit) {
    var submit = buttons.appendChild(el("button", "bk-button primary", emoji(m.view.submit.text)));
    submit.addEventListener("click", function () {
      var missing = false;
      general.textContent = "";
      modalInputs.forEach(function (i) {
        var wrong = i.read.wrong ? i.read.wrong() : "";
        i.err.textContent = wrong || (!i.b.optional && isEmpty(i.read()) ? REQUIRED : "");
        if (i.err.textContent) missing = true;
      });
      if (missing) return;
      submit.disabled = true;
      post("/preview/submit", { viewId: m.id, values: modalValues() })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          if (j.errors) modalInputs.forEach(function (i) { i.err.textContent = j.errors[i.b.block_id] || ""; });
          else if (j.error) general.textContent = j.error;
        })
        .finally(function () { submit.disabled = false; });
    });
  }
  root.appendChild(box);
  root.classList.add("open");
}
