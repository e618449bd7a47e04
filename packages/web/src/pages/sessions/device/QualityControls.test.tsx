import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QualityControls } from "./QualityControls.tsx";

describe("QualityControls", () => {
  it("sends this viewer's ceiling and picture size over the stream, and shows what was applied", async () => {
    const stream = vi.fn(() => true);
    const { rerender } = render(<QualityControls stream={stream} applied={undefined} />);
    expect(screen.getByText("Full size, no ceiling beyond the device's network.")).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText("Bitrate ceiling"), "1 Mbit/s");
    await userEvent.selectOptions(screen.getByLabelText("Picture size"), "Half");
    await userEvent.click(screen.getByRole("button", { name: "Apply to my stream" }));
    expect(stream).toHaveBeenCalledWith("stream::quality", { max_kbps: 1000, scale: 0.5 });
    rerender(
      <QualityControls
        stream={stream}
        applied={{ max_kbps: 1000, scale: 0.5, width: 360, height: 640 }}
      />,
    );
    expect(screen.getByText("Now 360×640, at most 1 Mbit/s.")).toBeVisible();
    expect(screen.getByLabelText("Picture size")).toHaveValue("0.5");
  });

  it("says why nothing was sent while the stream does not play", async () => {
    render(<QualityControls stream={undefined} applied={undefined} />);
    await userEvent.click(screen.getByRole("button", { name: "Apply to my stream" }));
    expect(screen.getByText("The stream is not playing: the quality goes over it.")).toBeVisible();
  });
});
