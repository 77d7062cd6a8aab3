/**
 * `/config.json`: runtime settings of the web app, written by CDK to the web bucket and served by
 * the local stack, so one build serves every stage (docs/ARCHITECTURE.md "The browser").
 */
export interface WebConfig {
  stage: string;
  /** API base; '' means the same origin. */
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local stack only: cognito-local's endpoint for Amplify (`userPoolEndpoint`). */
  userPoolEndpoint?: string;
  /** MQTT over WebSocket URL for live push (aedes locally, IoT Core in the cloud). */
  mqttUrl: string;
  /** Cloud only: the IoT custom authorizer's name, sent with the MQTT connection. */
  iotAuthorizerName?: string;
  /** Map tiles, `{z}/{x}/{y}` template; empty means a plain background. */
  tilesUrl: string;
  /** The tiles' attribution (HTML, as Leaflet shows it); the tile provider's terms usually require it. */
  tilesAttribution: string;
}
