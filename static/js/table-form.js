// The new-table form shows only the fields that apply: the seat menus up to the player
// count, Jael's deck in a solo game, the number of swaps in the advanced game. Each such
// field's wrapper names its condition in data-when ({"field": ["values", ...]}); without
// this script every field shows and the server ignores those that do not apply.
(function () {
  "use strict";
  const form = document.querySelector("form[data-table-form]");
  if (!form) return;

  function value(name) {
    const field = form.elements.namedItem(name);
    return field ? field.value : null;
  }

  function applies(wrapper) {
    const condition = JSON.parse(wrapper.dataset.when);
    return Object.keys(condition).every(function (name) {
      return condition[name].indexOf(value(name)) !== -1;
    });
  }

  function update() {
    form.querySelectorAll("[data-when]").forEach(function (wrapper) {
      wrapper.hidden = !applies(wrapper);
    });
  }

  form.querySelectorAll("[data-no-script]").forEach(function (note) { note.hidden = true; });
  form.addEventListener("change", update);
  update();
})();
