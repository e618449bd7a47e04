import { Link } from "react-router";
import { logoUrl } from "../../assets/logo-url.ts";

/** The product's name and mark at the top of the navigation. */
export function NavigationLogo() {
  return (
    <Link className="p-panel__logo" to="/">
      <img className="p-panel__logo-icon" src={logoUrl} alt="" width={24} height={24} />
      <span className="p-panel__logo-name is-fading-when-collapsed">Anbox Cloud</span>
    </Link>
  );
}
