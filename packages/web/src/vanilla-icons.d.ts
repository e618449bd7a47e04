// Vanilla's icons as inline SVG parts, made when the app is built (vanilla-icons-plugin.ts).
declare module "virtual:vanilla-icon/*" {
  const icon: import("./components/icon/inline-icon-parts.ts").InlineIconParts;
  export default icon;
}
