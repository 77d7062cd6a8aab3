import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivePositionOutput, TrackOutput } from '../../../../contracts/schemas/tracking.ts';
import { config } from '../../lib/config.ts';
import { coloursOf, escapeHtml, graticuleLines, graticuleStep, shownPhase } from './map-model.ts';
import './tracking-map.css';

/**
 * The one Leaflet map of the tracking screens (issue 6 §6; docs/ARCHITECTURE.md "The browser"): the organization's
 * aircraft live, tracks, and a flight's route with its take-off and landing. Only the screens that
 * show a map load this module (ogn-log, and lazily the sheet's panel and the logbook's route), so
 * Leaflet stays out of every other chunk.
 *
 * Tiles come from `/config.json` (`tilesUrl`). With none — `npm start` has no internet — or when
 * they do not load (offline at the airfield), the map is a plain background with a graticule and
 * the airfields: the aircraft and their tracks are what matter, and they still show.
 */

export interface MapAirfield {
  icao: string;
  name: string;
  latitude: number;
  longitude: number;
  /** The organization's base: labelled, and where the map looks with nothing else to show. */
  base: boolean;
}

export interface MapFocus {
  latitude: number;
  longitude: number;
  /** A new key moves the map again to the same place. */
  key: string;
}

interface TrackingMapProps {
  airfields: readonly MapAirfield[];
  positions: readonly LivePositionOutput[];
  tracks: readonly TrackOutput[];
  /** The marker's second line ("420 m · 92 km/h · 20 s"), in the reader's language. */
  describe: (position: LivePositionOutput) => string;
  /** Fixes older than this (epoch ms) are drawn faded: heard a while ago, maybe landed out of range. */
  staleBefore?: number;
  /** Take-off and landing markers at the ends of the tracks (a flight's route), with their labels. */
  endpoints?: { takeoff: string; landing: string };
  /** When it changes, the map fits what it shows again (another day, another flight). */
  fitKey: string;
  /** Everything for `fitKey` has been read: fit then, not to the first half that arrived. */
  ready?: boolean;
  focus?: MapFocus | null;
  height: number;
  testId?: string;
}

/** Where a map with nothing to show and no base airfield looks: central Europe. */
const FALLBACK_VIEW = { center: L.latLng(47.5, 17), zoom: 6 };
const AIRFIELD_ZOOM = 12;
/** Tile errors before any tile loaded that mean "no tiles here": fall back to the plain background. */
const TILE_FAILURES = 3;

/**
 * An aircraft: an arrow along its track, its registration and (in the air) altitude, speed and age.
 * One on the ground shows its registration only: the launch point is crowded, the flying ones matter.
 */
const arrowIcon = (position: LivePositionOutput, text: string, colour: string, stale: boolean) => {
  const ground = shownPhase(position) === 'ground';
  const modifiers = `${ground ? ' ws-map-aircraft__body--ground' : ''}${stale ? ' ws-map-aircraft__body--stale' : ''}`;
  return L.divIcon({
    className: 'ws-map-aircraft',
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    html:
      `<div class="ws-map-aircraft__body${modifiers}" style="--ws-colour:${colour}">` +
      `<svg viewBox="0 0 24 24" width="26" height="26" style="transform:rotate(${Math.round(position.track)}deg)" aria-hidden="true">` +
      '<path d="M12 1.5 20 21.5 12 16.8 4 21.5Z"/></svg>' +
      `<span class="ws-map-aircraft__label"><b>${escapeHtml(position.reg_num)}</b>${ground ? '' : `<br>${escapeHtml(text)}`}</span>` +
      '</div>',
  });
};

const endIcon = (kind: 'takeoff' | 'landing', text: string) =>
  L.divIcon({
    className: `ws-map-end ws-map-end--${kind}`,
    iconSize: [16, 16],
    iconAnchor: [8, 8],
    html: `<span class="ws-map-end__label">${escapeHtml(text)}</span>`,
  });

const latLngsOf = (track: TrackOutput) => track.points.map((p) => L.latLng(p[1], p[2]));

export default function TrackingMap(props: TrackingMapProps) {
  const { t } = useTranslation('tracking');
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<{
    graticule: L.LayerGroup;
    airfields: L.LayerGroup;
    tracks: L.LayerGroup;
    ends: L.LayerGroup;
    aircraft: L.LayerGroup;
    markers: Map<string, { marker: L.Marker; html: string }>;
    lines: Map<string, { line: L.Polyline; track: TrackOutput; colour: string }>;
  } | null>(null);
  const { tilesUrl, tilesAttribution } = config();
  const [plain, setPlain] = useState(!tilesUrl);
  const [sized, setSized] = useState(false);
  const fitted = useRef<string | null>(null);
  const centred = useRef<string | null>(null);

  // The map itself, once per mount.
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const created = L.map(container, {
      zoomControl: true,
      attributionControl: Boolean(tilesUrl),
      worldCopyJump: true,
      // Half steps: fitting a day's tracks or a flight does not leave half the map empty.
      zoomSnap: 0.5,
    });
    created.setView(FALLBACK_VIEW.center, FALLBACK_VIEW.zoom);
    const graticule = L.layerGroup().addTo(created);
    const groups = {
      graticule,
      airfields: L.layerGroup().addTo(created),
      tracks: L.layerGroup().addTo(created),
      ends: L.layerGroup().addTo(created),
      aircraft: L.layerGroup().addTo(created),
      markers: new Map<string, { marker: L.Marker; html: string }>(),
      lines: new Map<string, { line: L.Polyline; track: TrackOutput; colour: string }>(),
    };
    layers.current = groups;
    map.current = created;

    let tiles: L.TileLayer | null = null;
    if (tilesUrl) {
      let loaded = false;
      let failures = 0;
      tiles = L.tileLayer(tilesUrl, { attribution: tilesAttribution, maxZoom: 18 });
      tiles.on('tileload', () => {
        loaded = true;
      });
      tiles.on('tileerror', () => {
        failures += 1;
        if (!loaded && failures >= TILE_FAILURES && tiles) {
          created.removeLayer(tiles);
          setPlain(true);
        }
      });
      tiles.addTo(created);
    }

    // The container changes size with the page (a panel opening, a phone turning). A map made in a
    // panel still opening has no size yet: fitting it then would zoom out to the whole world.
    const resize = new ResizeObserver(() => {
      created.invalidateSize();
      setSized(container.clientWidth > 0 && container.clientHeight > 0);
    });
    resize.observe(container);
    return () => {
      resize.disconnect();
      created.remove();
      map.current = null;
      layers.current = null;
      fitted.current = null;
      centred.current = null;
    };
  }, [tilesUrl, tilesAttribution]);

  // The plain background's graticule: round degrees for the view, redrawn as it moves.
  useEffect(() => {
    const current = map.current;
    const groups = layers.current;
    if (!current || !groups) return;
    const draw = () => {
      groups.graticule.clearLayers();
      if (!plain) return;
      const bounds = current.getBounds().pad(0.2);
      const step = graticuleStep(Math.min(bounds.getEast() - bounds.getWest(), 360));
      const style = { color: '#9aa5a0', weight: 1, opacity: 0.6, interactive: false };
      for (const lat of graticuleLines(
        Math.max(-85, bounds.getSouth()),
        Math.min(85, bounds.getNorth()),
        step,
      ))
        L.polyline(
          [
            [lat, bounds.getWest()],
            [lat, bounds.getEast()],
          ],
          style,
        ).addTo(groups.graticule);
      for (const lng of graticuleLines(bounds.getWest(), bounds.getEast(), step))
        L.polyline(
          [
            [bounds.getSouth(), lng],
            [bounds.getNorth(), lng],
          ],
          style,
        ).addTo(groups.graticule);
    };
    draw();
    current.on('moveend', draw);
    return () => {
      current.off('moveend', draw);
    };
  }, [plain]);

  const {
    airfields,
    positions,
    tracks,
    describe,
    endpoints,
    fitKey,
    focus,
    ready = true,
    staleBefore = 0,
  } = props;
  // Keyed by the set of devices, not the arrays: a push must not redraw every track.
  const devices = [...new Set([...tracks.map((t) => t.address), ...positions.map((p) => p.address)])]
    .sort()
    .join(',');
  const colours = useMemo(() => coloursOf(devices ? devices.split(',') : []), [devices]);

  useEffect(() => {
    const groups = layers.current;
    if (!groups) return;
    groups.airfields.clearLayers();
    for (const airfield of airfields) {
      L.circleMarker([airfield.latitude, airfield.longitude], {
        radius: airfield.base ? 7 : 5,
        color: '#414d5c',
        weight: 2,
        fillColor: '#ffffff',
        fillOpacity: 1,
      })
        .bindTooltip(
          airfield.base ? airfield.icao : `${airfield.icao} · ${airfield.name}`,
          // Below the field: aircraft labels go right, a route's take-off label left.
          airfield.base
            ? { permanent: true, direction: 'bottom', offset: [0, 6], className: 'ws-map-airfield' }
            : {},
        )
        .addTo(groups.airfields);
    }
  }, [airfields]);

  // Tracks are redrawn one by one, and only those that changed: today's grow by a point at every
  // live position, and redrawing a whole afternoon of every aircraft each time would stutter.
  useEffect(() => {
    const groups = layers.current;
    if (!groups) return;
    const seen = new Set<string>();
    for (const track of tracks) {
      if (track.points.length === 0) continue;
      seen.add(track.address);
      const colour = colours.get(track.address) ?? '#0972d3';
      const known = groups.lines.get(track.address);
      if (known?.track === track && known.colour === colour) continue;
      if (known) {
        known.line.setLatLngs(latLngsOf(track)).setStyle({ color: colour });
        known.track = track;
        known.colour = colour;
        continue;
      }
      const line = L.polyline(latLngsOf(track), { color: colour, weight: 2.5, opacity: 0.85 })
        .bindTooltip(track.reg_num ?? track.address, { sticky: true })
        .addTo(groups.tracks);
      groups.lines.set(track.address, { line, track, colour });
    }
    for (const [address, known] of groups.lines)
      if (!seen.has(address)) {
        known.line.remove();
        groups.lines.delete(address);
      }
    groups.ends.clearLayers();
    if (!endpoints) return;
    for (const track of tracks) {
      const first = track.points[0];
      const last = track.points.at(-1);
      if (!first || !last) continue;
      L.marker([first[1], first[2]], { icon: endIcon('takeoff', endpoints.takeoff), keyboard: false }).addTo(
        groups.ends,
      );
      L.marker([last[1], last[2]], { icon: endIcon('landing', endpoints.landing), keyboard: false }).addTo(
        groups.ends,
      );
    }
  }, [tracks, endpoints, colours]);

  useEffect(() => {
    const groups = layers.current;
    if (!groups) return;
    const seen = new Set<string>();
    for (const position of positions) {
      seen.add(position.address);
      const text = describe(position);
      const colour = colours.get(position.address) ?? '#0972d3';
      const stale = position.timestamp < staleBefore;
      const html = `${position.reg_num}|${text}|${Math.round(position.track)}|${shownPhase(position)}|${colour}|${stale}`;
      const known = groups.markers.get(position.address);
      const at = L.latLng(position.latitude, position.longitude);
      if (!known) {
        const marker = L.marker(at, {
          icon: arrowIcon(position, text, colour, stale),
          title: position.reg_num,
          zIndexOffset: shownPhase(position) === 'ground' ? 0 : 500,
        }).addTo(groups.aircraft);
        groups.markers.set(position.address, { marker, html });
        continue;
      }
      known.marker.setLatLng(at);
      if (known.html !== html) {
        known.marker.setIcon(arrowIcon(position, text, colour, stale));
        known.html = html;
      }
    }
    for (const [address, known] of groups.markers)
      if (!seen.has(address)) {
        known.marker.remove();
        groups.markers.delete(address);
      }
  }, [positions, describe, colours, staleBefore]);

  // Fit what is shown once per fitKey: when the data for it first arrives, not on every update
  // (the person may have moved the map since).
  useEffect(() => {
    const current = map.current;
    if (!current || !sized || !ready || fitted.current === fitKey) return;
    const points = [...tracks.flatMap(latLngsOf), ...positions.map((p) => L.latLng(p.latitude, p.longitude))];
    const base = airfields.find((a) => a.base);
    if (points.length > 0) {
      const bounds = L.latLngBounds(points);
      if (base && points.length === positions.length) bounds.extend([base.latitude, base.longitude]);
      current.fitBounds(bounds, { padding: [36, 36], maxZoom: 14 });
      fitted.current = fitKey;
    } else if (base && centred.current !== fitKey) {
      current.setView([base.latitude, base.longitude], AIRFIELD_ZOOM);
      centred.current = fitKey;
    }
  }, [fitKey, sized, ready, tracks, positions, airfields]);

  useEffect(() => {
    if (!focus || !map.current) return;
    map.current.setView([focus.latitude, focus.longitude], Math.max(map.current.getZoom(), 13));
  }, [focus]);

  return (
    <div className="ws-map-frame">
      <section
        ref={element}
        className={`ws-map${plain ? ' ws-map--plain' : ''}`}
        style={{ height: props.height }}
        data-testid={props.testId ?? 'tracking-map'}
        data-plain={plain ? 'true' : 'false'}
        data-airfields={airfields.length}
        data-aircraft={positions.length}
        data-tracks={tracks.filter((track) => track.points.length > 0).length}
        data-points={tracks.reduce((sum, track) => sum + track.points.length, 0)}
        aria-label={t('map.label')}
      />
      {plain && (
        <div className="ws-map-note" data-testid="tracking-map-plain">
          {tilesUrl ? t('map.tiles_failed') : t('map.plain')}
        </div>
      )}
    </div>
  );
}
