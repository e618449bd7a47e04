import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { percentSent, UploadProgress } from "./UploadProgress.tsx";

describe("percentSent", () => {
  it("is the whole percent sent, 0 while the total is unknown, never past 100", () => {
    expect(percentSent(0, 0)).toBe(0);
    expect(percentSent(1, 3)).toBe(33);
    expect(percentSent(999, 1000)).toBe(99);
    expect(percentSent(1200, 1000)).toBe(100);
  });
});

describe("UploadProgress", () => {
  it("shows the bytes sent, the total and the percent, on the bar and as text", () => {
    render(<UploadProgress label="Uploading app.apk" sent={1_500_000} total={6_000_000} />);
    const bar = screen.getByRole("progressbar", { name: "Uploading app.apk" });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("aria-valuetext", "1.5 MB of 6.0 MB (25%)");
    expect(screen.getByText("1.5 MB of 6.0 MB (25%)")).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says it is starting before the total is known, and cancels on request", async () => {
    const cancel = vi.fn();
    render(<UploadProgress label="Uploading" sent={0} total={0} onCancel={cancel} />);
    expect(screen.getByText("Starting…")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(cancel).toHaveBeenCalledOnce();
  });
});
