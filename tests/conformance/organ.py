"""The MCP conformance suite's fixtures as an organ: its tools, prompts and resources, served through the mesh.

Only the conformance mesh (tests/conformance/mesh.toml) runs it; it is never part of the default mesh.
The names and answers are the ones the suite's server scenarios ask for.
"""

from __future__ import annotations

import base64
import json
import time

from actors.organ import Organ, ability, prompt, resource
from broker.errors import OrganError

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"  # 1x1 red
WAV = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA"  # 8 silent samples
ASKS_S = 60.0


def text(value: str) -> dict:
    return {"content": [{"type": "text", "text": value}]}


class ConformanceOrgan(Organ):
    name = "conformance"
    workers = 8

    # -- tools ------------------------------------------------------------------------------

    @ability("Return a simple text (conformance fixture).", read_only=True)
    def test_simple_text(self) -> dict:
        return text("This is a simple text response for testing.")

    @ability("Return an image (conformance fixture).", read_only=True)
    def test_image_content(self) -> dict:
        return {"content": [{"type": "image", "data": PNG, "mimeType": "image/png"}]}

    @ability("Return audio (conformance fixture).", read_only=True)
    def test_audio_content(self) -> dict:
        return {"content": [{"type": "audio", "data": WAV, "mimeType": "audio/wav"}]}

    @ability("Return an embedded resource (conformance fixture).", read_only=True)
    def test_embedded_resource(self) -> dict:
        return {"content": [{"type": "resource", "resource": {
            "uri": "test://embedded-resource", "mimeType": "text/plain",
            "text": "This is an embedded resource content."}}]}

    @ability("Return text, an image and a resource (conformance fixture).", read_only=True)
    def test_multiple_content_types(self) -> dict:
        return {"content": [
            {"type": "text", "text": "Multiple content types test:"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            {"type": "resource", "resource": {"uri": "test://mixed-content-resource", "mimeType": "application/json",
                                              "text": json.dumps({"test": "data", "value": 123})}}]}

    @ability("Log three lines while running (conformance fixture).", read_only=True)
    def test_tool_with_logging(self) -> dict:
        self.log("info", "Tool execution started")
        time.sleep(0.05)
        self.log("info", "Tool processing data")
        time.sleep(0.05)
        self.log("info", "Tool execution completed")
        return text("Tool with logging executed successfully")

    @ability("Always fail (conformance fixture).", read_only=True)
    def test_error_handling(self) -> dict:
        raise OrganError("This tool intentionally returns an error for testing")

    @ability("Report progress 0, 50 and 100 of 100 (conformance fixture).", read_only=True)
    def test_tool_with_progress(self) -> dict:
        for done in (0, 50, 100):
            self.progress(done, 100, f"{done}% done")
            if done < 100:
                time.sleep(0.05)
        return text("Tool with progress executed successfully")

    @ability("Close the response stream mid-call, then answer (conformance fixture).", read_only=True)
    def test_reconnection(self) -> dict:
        time.sleep(0.1)
        return text("Reconnection test completed successfully. If you received this, the client properly "
                    "reconnected after stream closure.")

    @ability("Ask the client's model (conformance fixture).", timeout_s=ASKS_S,
             params={"prompt": {"type": "string", "description": "The prompt to send to the LLM"}})
    def test_sampling(self, prompt: str) -> dict:
        answer = self.sample(prompt, max_tokens=100, timeout_s=ASKS_S)
        content = answer.get("content", {})
        said = content.get("text", "") if isinstance(content, dict) else json.dumps(content)
        return text(f"LLM response: {said}")

    @ability("Ask the client's user (conformance fixture).", timeout_s=ASKS_S,
             params={"message": {"type": "string", "description": "The message to show the user"}})
    def test_elicitation(self, message: str) -> dict:
        answer = self.elicit(message, {"type": "object", "properties": {
            "username": {"type": "string", "description": "User's response"},
            "email": {"type": "string", "description": "User's email address"}},
            "required": ["username", "email"]}, timeout_s=ASKS_S)
        return text(f"User response: action={answer.get('action')}, content={json.dumps(answer.get('content'))}")

    @ability("Ask the user with default values (conformance fixture).", timeout_s=ASKS_S)
    def test_elicitation_sep1034_defaults(self) -> dict:
        answer = self.elicit("Please review and update the form fields with defaults", {
            "type": "object", "properties": {
                "name": {"type": "string", "description": "User name", "default": "John Doe"},
                "age": {"type": "integer", "description": "User age", "default": 30},
                "score": {"type": "number", "description": "User score", "default": 95.5},
                "status": {"type": "string", "description": "User status", "enum": ["active", "inactive", "pending"],
                           "default": "active"},
                "verified": {"type": "boolean", "description": "Verification status", "default": True}}},
            timeout_s=ASKS_S)
        return text(f"Elicitation completed: action={answer.get('action')}, "
                    f"content={json.dumps(answer.get('content'))}")

    @ability("Ask the user with every kind of enum (conformance fixture).", timeout_s=ASKS_S)
    def test_elicitation_sep1330_enums(self) -> dict:
        answer = self.elicit("Please select options from the enum fields", {
            "type": "object", "properties": {
                "untitledSingle": {"type": "string", "description": "Select one option",
                                   "enum": ["option1", "option2", "option3"]},
                "titledSingle": {"type": "string", "description": "Select one option with titles", "oneOf": [
                    {"const": "value1", "title": "First Option"}, {"const": "value2", "title": "Second Option"},
                    {"const": "value3", "title": "Third Option"}]},
                "legacyEnum": {"type": "string", "description": "Select one option (legacy)",
                               "enum": ["opt1", "opt2", "opt3"],
                               "enumNames": ["Option One", "Option Two", "Option Three"]},
                "untitledMulti": {"type": "array", "description": "Select multiple options", "minItems": 1,
                                  "maxItems": 3,
                                  "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
                "titledMulti": {"type": "array", "description": "Select multiple options with titles",
                                "minItems": 1, "maxItems": 3, "items": {"anyOf": [
                                    {"const": "value1", "title": "First Choice"},
                                    {"const": "value2", "title": "Second Choice"},
                                    {"const": "value3", "title": "Third Choice"}]}}},
            "required": []}, timeout_s=ASKS_S)
        return text(f"Elicitation completed: action={answer.get('action')}, "
                    f"content={json.dumps(answer.get('content'))}")

    @ability("Tool with JSON Schema 2020-12 features (conformance fixture).", read_only=True, schema={
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {"address": {"type": "object", "properties": {"street": {"type": "string"},
                                                               "city": {"type": "string"}}}},
        "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"}},
        "additionalProperties": False})
    def json_schema_2020_12_tool(self, name: str = "", address: dict | None = None) -> dict:
        return text(f"JSON Schema 2020-12 tool called with name={name!r}, address={json.dumps(address)}")

    # -- resources --------------------------------------------------------------------------

    @resource("test://static-text", "A static text resource (conformance fixture).")
    def static_text(self) -> str:
        return "This is the content of the static text resource."

    @resource("test://static-binary", "A static binary resource (conformance fixture).", mime_type="image/png")
    def static_binary(self) -> bytes:
        return base64.b64decode(PNG)

    @resource("test://template/{id}/data", "Data for an id (conformance fixture).", mime_type="application/json")
    def template_data(self, id: str) -> str:
        return json.dumps({"id": id, "templateTest": True, "data": f"Data for ID: {id}"})

    @resource("test://watched-resource", "A resource to subscribe to (conformance fixture).")
    def watched(self) -> str:
        return "Watched resource content"

    # -- prompts ----------------------------------------------------------------------------

    @prompt("A simple prompt without arguments (conformance fixture).")
    def test_simple_prompt(self) -> str:
        return "This is a simple prompt for testing."

    @prompt("A prompt with arguments (conformance fixture).", params={
        "arg1": {"type": "string", "description": "First test argument", "examples": ["paris", "park"]},
        "arg2": {"type": "string", "description": "Second test argument"}})
    def test_prompt_with_arguments(self, arg1: str, arg2: str) -> str:
        return f"Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"

    @prompt("A prompt with an embedded resource (conformance fixture).", params={
        "resourceUri": {"type": "string", "description": "URI of the resource to embed"}})
    def test_prompt_with_embedded_resource(self, resourceUri: str) -> list:
        return [{"role": "user", "content": {"type": "resource", "resource": {
                    "uri": resourceUri, "mimeType": "text/plain", "text": "Embedded resource content for testing."}}},
                {"role": "user", "content": {"type": "text", "text": "Please process the embedded resource above."}}]

    @prompt("A prompt with an image (conformance fixture).")
    def test_prompt_with_image(self) -> list:
        return [{"role": "user", "content": {"type": "image", "data": PNG, "mimeType": "image/png"}},
                {"role": "user", "content": {"type": "text", "text": "Please analyze the image above."}}]
