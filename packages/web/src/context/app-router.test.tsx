import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";
import { AppRouter, changeAddressAtOnce } from "./app-router.tsx";

let navigate: NavigateFunction = () => undefined;

function Address() {
  const navigateHere = useNavigate();
  useEffect(() => {
    navigate = navigateHere;
  }, [navigateHere]);
  return <p data-testid="address">{useLocation().search}</p>;
}

// Outside act(), as in the browser: act() would flush a transition as soon as it is scheduled.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  window.history.replaceState(null, "", "/instances");
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

describe("AppRouter", () => {
  it("renders a change of address as a transition, later, and one made at once before it returns", async () => {
    render(
      <AppRouter>
        <Address />
      </AppRouter>,
    );
    const address = await screen.findByTestId("address");

    void navigate("/instances?search=a");
    expect(window.location.search).toBe("?search=a");
    expect(address).toHaveTextContent(/^$/);
    await waitFor(() => {
      expect(address).toHaveTextContent("?search=a");
    });

    changeAddressAtOnce(() => {
      void navigate("/instances?search=ab", { replace: true });
    });
    expect(address).toHaveTextContent("?search=ab");

    // Only the change it wrapped: the next one is a transition again.
    void navigate("/instances?search=abc");
    expect(address).toHaveTextContent("?search=ab");
    await waitFor(() => {
      expect(address).toHaveTextContent("?search=abc");
    });
  });
});
