// The permalink's "Copy permalink" button. The address is a plain link on the page, readable
// and selectable without script; this file only reveals the button and copies the address.
(function () {
  "use strict";

  function copyBySelection(link) {
    // Where the Clipboard API is missing (an http:// address that is not localhost), select
    // the link's text and copy the selection the older way.
    var range = document.createRange();
    range.selectNodeContents(link);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    return copied;
  }

  function setUp(paragraph) {
    var button = paragraph.querySelector(".permalink__copy");
    var link = paragraph.querySelector(".permalink__url");
    var status = paragraph.querySelector(".permalink__status");
    if (!button || !link || !status) {
      return;
    }
    var address = button.getAttribute("data-copy") || link.href;
    // The messages in the page's language, as the button carries them.
    var copiedMessage = button.getAttribute("data-copied") || "Permalink copied.";
    var selectMessage = button.getAttribute("data-select") || "Select the address to copy it.";
    function say(message) {
      status.textContent = message;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(address).then(
          function () { say(copiedMessage); },
          function () {
            say(copyBySelection(link) ? copiedMessage : selectMessage);
          }
        );
      } else {
        say(copyBySelection(link) ? copiedMessage : selectMessage);
      }
    });
  }

  document.querySelectorAll(".permalink").forEach(setUp);
})();
